/** The two widths every journey is checked at: a small phone and a laptop. */
export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** The journeys' layouts by name, desktop first, for `for (const [layout, viewport] of LAYOUTS)`. */
export const LAYOUTS = [
  ['desktop 1280px', DESKTOP],
  ['mobile 375px', MOBILE],
] as const;
