// Violates web-imports-only-domain.
import "../../../../backend/src/app";
