import { forbidden, notFound, redirect } from 'next/navigation';
import { ConsoleApiError } from './console-api-error';

/** For pages: an API read whose failures become the matching Next.js response (404, 403, sign-in). */
export async function loadOrFail<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof ConsoleApiError) {
      if (error.code === 'not_found') notFound();
      if (error.code === 'forbidden') forbidden();
      if (error.code === 'unauthenticated') redirect('/sign-in');
    }
    throw error;
  }
}
