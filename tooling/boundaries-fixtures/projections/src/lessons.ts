// Violates projections-import-only-domain.
import "../../backend/src/app";
