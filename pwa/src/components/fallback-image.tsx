/**
 * An <img> that shows a stand-in picture when its own is missing or fails to load (a deleted
 * upload, or offline before the picture was ever cached).
 */
import { useCallback, useState, type ImgHTMLAttributes } from 'react';
import { useNearViewport } from './use-near-viewport.ts';

export const policyPlaceholder = '/demo/policies/placeholder.webp';
export const agentPlaceholder = '/demo/agents/default.webp';

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string | null | undefined;
  fallback: string;
  alt: string;
  width: number;
  height: number;
}

export function FallbackImage({ src, fallback, alt, loading, ...rest }: FallbackImageProps) {
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
  return (
    <img
      decoding="async"
      loading={loading}
      {...rest}
      src={near ? source : undefined}
      alt={alt}
      ref={settle}
      onError={() => {
        if (source !== fallback) setFailedSrc(source);
      }}
    />
  );
}

type PictureProps = Omit<FallbackImageProps, 'fallback' | 'alt' | 'height' | 'width'> & { width: number; alt?: string };

/** A policy's or a blog's picture: 16:10, decorative beside its title, the policy stand-in when missing. */
export const CoverImage = ({ width, alt = '', ...rest }: PictureProps) => (
  <FallbackImage {...rest} alt={alt} width={width} height={Math.round((width * 10) / 16)} fallback={policyPlaceholder} />
);

/** An agent's square portrait, the default portrait when missing. */
export const AgentPhoto = ({ width, alt = '', ...rest }: PictureProps) => (
  <FallbackImage {...rest} alt={alt} width={width} height={width} fallback={agentPlaceholder} />
);
