/** The parts of @adobe/structured-data-validator the tests use (the package ships no types). */
declare module "@adobe/structured-data-validator" {
  export default class Validator {
    constructor(schemaOrgJson: unknown);
    debug: boolean;
    validate(data: { jsonld?: Record<string, unknown[]>; microdata?: Record<string, unknown[]>; rdfa?: Record<string, unknown[]>; errors?: unknown[] }): Promise<unknown[]>;
  }
}
