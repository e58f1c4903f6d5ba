/**
 * Photo proof (docs/driver.md 'Photo proof'): the camera's picture shrunk in the browser to at
 * most PHOTO_MAX_SIDE px and PHOTO_TARGET_BYTES (WebP where the browser writes it, else JPEG),
 * as a data URL the offline queue keeps until the network takes it.
 */
import { PHOTO_QUALITIES, PHOTO_TARGET_BYTES, photoSize } from '../shared/driver-rules';

const encode = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** A browser that cannot write WebP answers PNG for it: then JPEG. */
async function smallest(canvas: HTMLCanvasElement): Promise<Blob | null> {
  let last: Blob | null = null;
  for (const quality of PHOTO_QUALITIES) {
    const webp = await encode(canvas, 'image/webp', quality);
    const blob = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg', quality);
    if (!blob) return null;
    last = blob;
    if (blob.size <= PHOTO_TARGET_BYTES) return blob;
  }
  return last;
}

const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** The picture at most 1,280 px and 150 kB; smaller sides still when the lowest quality is not enough. */
export async function shrinkPhoto(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    let size = photoSize(bitmap.width, bitmap.height);
    for (;;) {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0, size.width, size.height);
      const blob = await smallest(canvas);
      if (!blob) throw new Error('This phone could not prepare the photo');
      if (blob.size <= PHOTO_TARGET_BYTES || Math.max(size.width, size.height) <= 320) return dataUrl(blob);
      size = photoSize(size.width, size.height, Math.round(Math.max(size.width, size.height) * 0.75));
    }
  } finally {
    bitmap.close();
  }
}
