/** The TypeScript source of an OpenAPI 3.1 document's types (paths, components, operations). */
export function generateTypes(document: object): Promise<string>;
