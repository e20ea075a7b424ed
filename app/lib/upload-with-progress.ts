import { ApiErrorSchema } from "../../contract/common";
import { ApiError } from "./api-client";

/**
 * Posts a multipart form to the admin API with XMLHttpRequest, whose upload events report progress
 * (fetch has none for a request body). Same CSRF marker as api-client.ts; a non-2xx answer becomes
 * an ApiError with the server's message, a network failure a TypeError.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-Requested-With", "XMLHttpRequest");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new TypeError("The upload was cut off."));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const parsed = ApiErrorSchema.safeParse(body);
      reject(
        parsed.success
          ? new ApiError(parsed.data.message, xhr.status, parsed.data.errors)
          : new ApiError(`The server answered ${xhr.status}.`, xhr.status),
      );
    };
    xhr.send(form);
  });
}
