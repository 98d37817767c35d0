// Violates shared-web-code-imports-no-feature-nor-app.
import "../app/routes";
