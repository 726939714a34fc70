// The TensorFlow Lite WebAssembly runtime's Emscripten glue (@twilio/video-processors): a factory
// that instantiates the module. Only the calls the segmentation worker makes are typed.
interface TfliteModule {
  HEAPU8: Uint8Array;
  HEAPF32: Float32Array;
  _getModelBufferMemoryOffset(): number;
  _loadModel(bytes: number): number;
  _getInputMemoryOffset(): number;
  _getInputWidth(): number;
  _getInputHeight(): number;
  _getOutputMemoryOffset(): number;
  _runInference(): number;
}
type TfliteFactory = (options: { locateFile: (file: string) => string; print?: (s: string) => void; printErr?: (s: string) => void }) => Promise<TfliteModule>;

declare module '@twilio/video-processors/dist/build/tflite-simd-1-0-0.js' {
  const create: TfliteFactory;
  export default create;
}
declare module '@twilio/video-processors/dist/build/tflite-1-0-0.js' {
  const create: TfliteFactory;
  export default create;
}
