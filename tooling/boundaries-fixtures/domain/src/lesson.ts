// Violates domain-imports-no-other-workspace.
import "../../projections/src/lessons";
