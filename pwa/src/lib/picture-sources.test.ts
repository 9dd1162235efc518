import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPictureWidths, pictureSrcSet } from './picture-sources.ts';

const publicDir = join(import.meta.dirname, '../../public');
const upload = '/api/images/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';

describe('pictureSrcSet', () => {
  it('asks the server for each width of an upload', () => {
    expect(pictureSrcSet(upload)).toBe(`${upload}?w=160 160w, ${upload}?w=360 360w, ${upload}?w=720 720w`);
  });

  it('lists a demo picture’s committed sizes and the picture itself at its folder’s width', () => {
    expect(pictureSrcSet('/demo/policies/krishok-life-cover.webp')).toBe(
      '/demo/policies/krishok-life-cover-160.webp 160w, /demo/policies/krishok-life-cover-360.webp 360w, /demo/policies/krishok-life-cover.webp 640w',
    );
    expect(pictureSrcSet('/demo/agents/nusrat-jahan.webp')).toBe('/demo/agents/nusrat-jahan-160.webp 160w, /demo/agents/nusrat-jahan.webp 256w');
  });

  it('names only files that exist (scripts/make-demo-picture-sizes.ts made them)', () => {
    const demoPictures = Object.keys(demoPictureWidths).flatMap((folder) =>
      readdirSync(join(publicDir, 'demo', folder))
        .filter((file) => !/-\d+\.webp$/.test(file) && !['placeholder.webp', 'default.webp'].includes(file))
        .map((file) => `/demo/${folder}/${file}`),
    );
    expect(demoPictures.length).toBeGreaterThan(30);
    for (const src of demoPictures) {
      for (const candidate of pictureSrcSet(src)!.split(', ')) expect(existsSync(join(publicDir, candidate.split(' ')[0]!)), candidate).toBe(true);
    }
  });

  it('gives no srcset to a picture that comes in one size', () => {
    expect(pictureSrcSet('https://lh3.googleusercontent.com/a/photo')).toBeUndefined();
    expect(pictureSrcSet('/demo/hero/secure-tomorrow.webp')).toBeUndefined();
    expect(pictureSrcSet('/api/images/not-a-stored-name.jpg')).toBeUndefined();
  });
});
