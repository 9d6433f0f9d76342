/** One problem of a configuration file: which file, where in it, and what is wrong. */
export interface ConfigProblem {
  file: string;
  path: string;
  reason: string;
}
