// Violates backend-feature-never-imports-another-feature.
import "../catalog/prices";
// Allowed: a feature builds on what backend/src/shared holds for several.
import "../../shared/money";
