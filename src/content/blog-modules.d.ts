// Modules made by scripts/vite-plugin-blog.ts at build time.
declare module 'virtual:blog-index' {
  export const articles: import('./blog').ArticleMeta[];
}
declare module '*.md' {
  const article: import('./blog').Article;
  export default article;
}
