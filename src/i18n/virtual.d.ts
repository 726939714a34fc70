declare module 'virtual:i18n-loaders' {
  const loaders: Record<string, Record<string, () => Promise<{ default: Record<string, unknown> }>>>;
  export default loaders;
}
