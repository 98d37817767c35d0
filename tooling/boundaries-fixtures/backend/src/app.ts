// Violates backend-never-imports-web.
import "../../web/src/lib/api";
