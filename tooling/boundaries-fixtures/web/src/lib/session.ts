// Violates shared-web-code-imports-no-feature-nor-app.
import "../features/b/y";
