// openapi-typescript resolves `typescript` from here: this package's own TypeScript 5.
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));

/** The TypeScript source of an OpenAPI 3.1 document's types (paths, components, operations). */
export async function generateTypes(document) {
  const nodes = await openapiTS(document, {
    // An uploaded file (`format: binary`, multipart) is a Blob (a File) in the browser, not a string.
    transform: (schema) => (schema.format === "binary" ? BLOB : undefined),
  });
  return astToString(nodes);
}
