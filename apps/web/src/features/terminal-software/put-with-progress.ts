import { ApiError, getStoredLanguage } from '../../app/api-client';

/**
 * PUTs a file straight to a signed URL (spec 7.4: the local store's or S3's), reporting the share
 * sent: fetch cannot tell upload progress, XMLHttpRequest can. No bearer token goes with it: the
 * signature is the right, and S3 would refuse a header it did not sign.
 */
export function putWithProgress(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    // The local store answers its refusals in the console's language; S3 ignores it.
    if (url.startsWith('/')) request.setRequestHeader('Accept-Language', getStoredLanguage());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) return resolve();
      let message = request.statusText;
      try {
        message = (JSON.parse(request.responseText) as { error?: { message?: string } }).error?.message ?? message;
      } catch {
        // S3 answers XML: its status says enough
      }
      reject(new ApiError(request.status, message));
    };
    request.onerror = () => reject(new ApiError(0, request.statusText || 'network'));
    signal?.addEventListener('abort', () => request.abort());
    request.send(file);
  });
}
