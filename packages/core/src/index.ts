export * from './locale.js';
export * from './types.js';
