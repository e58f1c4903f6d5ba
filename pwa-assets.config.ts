/**
 * App icons, generated from one source image per app by @vite-pwa/assets-generator: the
 * client's (public/icon.svg) and the driver's app's (driver/public/icon.svg, served under
 * /driver/). `npx pwa-assets-generator` writes them next to each image (they are committed).
 * Each app's manifest and index.html name the results.
 */
import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    // Maskable icons fill the whole square in the brand green (the theme colour), logo in the safe zone.
    maskable: { sizes: [192, 512], padding: 0.3, resizeOptions: { background: '#15803d' } },
    apple: { sizes: [180], padding: 0.3, resizeOptions: { background: '#15803d' } },
  },
  images: ['public/icon.svg', 'driver/public/icon.svg'],
});
