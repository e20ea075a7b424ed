// The catalogue area's door: what other areas and the app may use.
export { type Catalogue, createCatalogue, type SaleVersion } from "./for-sale";
export { createPatches } from "./patches";
export { patchOperations } from "./patches.routes";
export { createProductVersions } from "./product-versions";
export { productVersionOperations } from "./product-versions.routes";
export { createProducts, type Products } from "./products";
export { createReleases, type ProductReleases, type Releases } from "./releases";
export { releaseOperations } from "./releases.routes";
export { productOperations } from "./products.routes";
