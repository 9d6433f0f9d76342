/** The title, version and description of one of the OpenAPI documents. */
export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}
