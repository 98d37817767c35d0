// Allowed: a feature builds on web/src/lib.
import "../../lib/api";
