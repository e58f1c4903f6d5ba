/** The style itself is src/lib/map-style.ts (the operators' board draws the same map). */
export { mapStyle } from '../../lib/map-style';

/** Zoom after choosing a place (docs/product.md, Constants). */
export const SELECTION_ZOOM = 15;

/** Zoom of the task route map (docs/product.md, Constants). */
export const ROUTE_ZOOM = 14;
