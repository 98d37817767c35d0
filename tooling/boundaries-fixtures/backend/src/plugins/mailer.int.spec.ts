// Allowed: an infrastructure spec drives it with the product's features.
import "../features/catalog/prices";
