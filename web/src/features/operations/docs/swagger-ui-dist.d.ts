/** The part of swagger-ui's bundle the docs page calls (the package ships no types). */
declare module "swagger-ui-dist/swagger-ui-es-bundle.js" {
  interface SwaggerRequest {
    headers: Record<string, string>;
  }
  interface SwaggerUIOptions {
    domNode: HTMLElement;
    spec: object;
    requestInterceptor?: (request: SwaggerRequest) => SwaggerRequest;
    validatorUrl?: string | null;
    deepLinking?: boolean;
    defaultModelsExpandDepth?: number;
    docExpansion?: "list" | "full" | "none";
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown;
  export default SwaggerUIBundle;
}
