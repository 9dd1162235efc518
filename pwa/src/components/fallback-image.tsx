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
      onError={() => {
        if (source !== fallback) setFailedSrc(source);
      }}
    />
  );
}
