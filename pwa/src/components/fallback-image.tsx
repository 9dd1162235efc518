/**
 * An <img> that shows a stand-in picture when its own is missing or fails to load (a deleted
 * upload, or offline before the picture was ever cached). Its own picture comes with its sizes
 * (`srcset`, lib/picture-sources.ts) and the width it is shown at (`sizes`), so a phone loads a
 * size that fits; the stand-in has its one precached size, so it shows offline too.
 */
import { useCallback, useState, type ImgHTMLAttributes } from 'react';
import { pictureSrcSet } from '../lib/picture-sources.ts';
import { useNearViewport } from './use-near-viewport.ts';

export const policyPlaceholder = '/demo/policies/placeholder.webp';
export const agentPlaceholder = '/demo/agents/default.webp';

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'onError'> {
  src: string | null | undefined;
  fallback: string;
  alt: string;
  width: number;
  height: number;
  /** The width the picture is shown at, as the `sizes` attribute says it (CSS lengths by media query). */
  sizes: string;
}

export function FallbackImage({ src, fallback, alt, loading, sizes, ...rest }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A lazy picture gets its address when it comes near the screen (use-near-viewport.ts).
  const { ref: watch, near } = useNearViewport<HTMLImageElement>(loading === 'lazy');
  const source = !src || failedSrc === src ? fallback : src;
  const settle = useCallback(
    (img: HTMLImageElement | null) => {
      watch(img);
      // A prerendered page's picture can fail before React is there to hear it (offline, never
      // cached): a picture already settled with no pixels is taken as failed when it mounts.
      if (near && img?.getAttribute('src') && img.complete && img.naturalWidth === 0 && source !== fallback) setFailedSrc(source);
    },
    [watch, near, source, fallback],
  );
  const srcSet = near && source !== fallback ? pictureSrcSet(source) : undefined;
  return (
    <img
      decoding="async"
      loading={loading}
      {...rest}
      // srcset and sizes before src: a browser may start the fetch as soon as src is set.
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet}
      src={near ? source : undefined}
      alt={alt}
      ref={settle}
      onError={() => {
        if (source !== fallback) setFailedSrc(source);
      }}
    />
  );
}

/** A card's picture in the card grids (components/cards.css): one, two, then three or four columns. */
export const cardPictureSizes = '(min-width: 1000px) 380px, (min-width: 600px) calc(50vw - 24px), calc(100vw - 32px)';

type PictureProps = Omit<FallbackImageProps, 'fallback' | 'alt' | 'height' | 'width'> & { width: number; alt?: string };

/** A policy's or a blog's picture: 16:10, decorative beside its title, the policy stand-in when missing. */
export const CoverImage = ({ width, alt = '', ...rest }: PictureProps) => (
  <FallbackImage {...rest} alt={alt} width={width} height={Math.round((width * 10) / 16)} fallback={policyPlaceholder} />
);

/** An agent's square portrait, the default portrait when missing. */
export const AgentPhoto = ({ width, alt = '', ...rest }: PictureProps) => (
  <FallbackImage {...rest} alt={alt} width={width} height={width} fallback={agentPlaceholder} />
);
