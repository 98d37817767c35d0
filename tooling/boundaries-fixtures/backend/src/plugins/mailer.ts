// Violates backend-infrastructure-imports-no-feature.
import "../features/catalog/prices";
