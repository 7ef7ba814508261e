// Types of the documentation generators the corpus uses, which ship none of their own.
declare module "widdershins" {
  const widdershins: { convert(api: object, options: object): Promise<string> };
  export default widdershins;
}
declare module "api-spec-converter" {
  const converter: { convert(options: { from: string; to: string; source: string | object }): Promise<{ spec: Record<string, any> }> };
  export default converter;
}
