/** `expose-gc` ships no types: its `function` entry is V8's collector. */
declare module 'expose-gc/function.js' {
  const collectGarbage: () => void;
  export default collectGarbage;
}
