// What the API reports, in words a student or editor can act on.
import { ApiError } from '@qpc/client/graphql';
import { clerkPublishableKey } from './page-config.js';

export interface Explained {
  title: string;
  detail: string;
  requestId?: string | undefined;
}

/**
 * A title and a sentence for any error the client raises. `isTokenSignIn`: the page signs in by
 * pasted token (local development, no Clerk), the only case that may name `npm run token`.
 */
export function explain(error: unknown, isTokenSignIn = !clerkPublishableKey()): Explained {
  if (!(error instanceof ApiError)) {
    // A screen's own sentence ("No such university") is shown; a thrown error's text is not.
    return {
      title: 'Something went wrong',
      detail:
        typeof error === 'string' && !isDeveloperWording(error)
          ? error
          : 'The page could not show this. Try again in a moment.',
    };
  }
  const base = { requestId: error.requestId };
  switch (error.status) {
    case 401:
      return {
        ...base,
        title: 'Sign-in needed',
        // The token box (and npm run token) exists in local development only, without Clerk.
        detail: !isTokenSignIn
          ? 'Sign in to do this. If you were signed in, your session is invalid or expired: sign in again.'
          : 'Sign in to do this. If you were signed in, your sign-in is invalid or expired: sign in again (in local development, with a fresh token from npm run token).',
      };
    case 403:
      return {
        ...base,
        title: 'Not allowed',
        detail: isDeveloperWording(error.message) ? 'You may not do this.' : `${error.message}.`,
      };
    case 404:
      return {
        ...base,
        title: 'Not found',
        detail: isDeveloperWording(error.message)
          ? 'What was asked for does not exist.'
          : `${error.message}.`,
      };
    case 429:
      return {
        ...base,
        title: 'Too many requests',
        detail: `You have reached the request limit. Wait ${
          error.retryAfterSeconds ? `${error.retryAfterSeconds} seconds` : 'a moment'
        } and try again.`,
      };
    case 0:
    case 502:
    case 503:
    case 504:
      return {
        ...base,
        title: 'Service unavailable',
        detail: 'The catalog cannot be reached right now. Try again in a moment.',
      };
    case 400: {
      const fields = error.details?.map((d) => d.message).join('; ');
      if (isDeveloperWording(`${error.message} ${fields ?? ''}`)) {
        return {
          ...base,
          title: 'Not accepted',
          detail:
            'Something in what was asked is not accepted. Check what you typed and try again.',
        };
      }
      return {
        ...base,
        title: 'Not accepted',
        detail: fields ? `${error.message} (${fields})` : error.message,
      };
    }
    default:
      return {
        ...base,
        title: 'Something went wrong',
        detail: isDeveloperWording(error.message)
          ? 'The catalog could not answer this. Try again in a moment.'
          : error.message,
      };
  }
}

/**
 * Messages written for developers (GraphQL's own validation, variable names, type names, the
 * client's and the browser's own failures), which a visitor can neither read nor act on.
 */
export function isDeveloperWording(message: string): boolean {
  return /\$\w+|GraphQL|Variable "|Expected (type|value)|Cannot query field|Syntax Error|Unknown (argument|type)|ObjectID|Int!|String!|\[Network\]|TypeError|Failed to fetch|Unexpected token|PersistedQuery|PERSISTED_QUERY|npm run/.test(
    message,
  );
}
