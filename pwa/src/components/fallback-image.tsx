/**
 * An <img> that shows a stand-in picture when its own is missing or fails to load (a deleted
 * upload, or offline before the picture was ever cached).
 */
import { useState, type ImgHTMLAttributes } from 'react';

export const policyPlaceholder = '/demo/policies/placeholder.webp';
export const agentPlaceholder = '/demo/agents/default.webp';

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string | null | undefined;
  fallback: string;
  alt: string;
  width: number;
  height: number;
}

export function FallbackImage({ src, fallback, alt, ...rest }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const source = !src || failedSrc === src ? fallback : src;
  return (
    <img
      decoding="async"
      {...rest}
      src={source}
      alt={alt}
      // A prerendered page's picture can fail before React is there to hear it (offline, never
      // cached): a picture already settled with no pixels is taken as failed when it mounts.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0 && source !== fallback) setFailedSrc(source);
      }}
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
