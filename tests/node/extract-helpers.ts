// Reading an extracted description in tests: its operations and parameters as short strings.
const METHODS = ["get", "put", "post", "patch", "delete", "head"];
/** "METHOD /path" of every operation. */
export const endpointsOf = (doc: Record<string, any>) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]: [string, any]) =>
    METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
  );
/** "METHOD /path in name" of every parameter, body properties as "body". */
export const parametersOf = (doc: Record<string, any>) =>
  Object.entries(doc.paths ?? {}).flatMap(([path, item]: [string, any]) =>
    METHODS.filter((m) => item[m]).flatMap((m) => {
      const op = item[m];
      const key = `${m.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []).map((p: any) => `${key} ${p.in} ${p.name}`);
      const body = Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}).map((n) => `${key} body ${n}`);
      return [...params, ...body];
    }),
  );
