// A file imported with `?url` (the scanner's WebAssembly) is bundled as an asset of this site: its address.
declare module '*.wasm?url' {
  const url: string;
  export default url;
}
