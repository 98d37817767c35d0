// Violates feature-never-imports-another-feature and feature-never-imports-app.
import "../b/y";
import "../../app/routes";
