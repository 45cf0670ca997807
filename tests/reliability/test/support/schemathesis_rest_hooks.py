"""Schemathesis hooks for the REST run (schemathesis.test.ts).

Loaded by Schemathesis itself: the test sets SCHEMATHESIS_HOOKS to this module's name and
PYTHONPATH to its folder.

One rule of the contract ("Third release") that Schemathesis cannot know: a key is scoped to its
caller, so an anonymous request carrying an `Idempotency-Key` is refused with 400
VALIDATION_ERROR naming the header, where the same request without the key gets 401.
Schemathesis expects exactly 401 when it removes `Authorization` (ST203, missing_required_header)
and 401 or 403 from its probes without credentials (ST401, ignored_auth), and it sends the
header on the creates it fuzzes. Such a failure is dropped only once the rule is seen to hold
for that very request, sent again without `Authorization`: with its key the answer is that 400,
and without it 401 (so authentication is enforced). Nothing else is dropped.
"""

from __future__ import annotations

from typing import Any

import requests

import schemathesis
from schemathesis.openapi.checks import AuthScenario, IgnoredAuth, MissingHeaderNotRejected

KEY_HEADER = "Idempotency-Key"
KEY_REFUSAL = [{"path": KEY_HEADER, "message": "anonymous requests cannot use one"}]


def _send_anonymous(request: requests.PreparedRequest, *, keep_key: bool) -> requests.Response:
    copy = request.copy()
    copy.headers.pop("Authorization", None)
    if not keep_key:
        copy.headers.pop(KEY_HEADER, None)
    with requests.Session() as session:
        return session.send(copy, timeout=15, allow_redirects=False)


def _error_of(response: requests.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError:
        return {}
    error = body.get("error") if isinstance(body, dict) else None
    return error if isinstance(error, dict) else {}


def _is_key_refusal(request: requests.PreparedRequest) -> bool:
    if KEY_HEADER not in request.headers:
        return False
    with_key = _send_anonymous(request, keep_key=True)
    error = _error_of(with_key)
    if not (
        with_key.status_code == 400
        and error.get("code") == "VALIDATION_ERROR"
        and error.get("details") == KEY_REFUSAL
    ):
        return False
    return _send_anonymous(request, keep_key=False).status_code == 401


def _is_anonymous_400(failure: Any) -> bool:
    if isinstance(failure, MissingHeaderNotRejected):
        return failure.header_name.lower() == "authorization" and failure.status_code == 400
    if isinstance(failure, IgnoredAuth):
        return failure.scenario == AuthScenario.NO_AUTH and "got `400 " in failure.message
    return False


@schemathesis.hook
def filter_failure(
    context: schemathesis.HookContext,
    failure: Any,
    case: schemathesis.Case,
    response: schemathesis.Response,
) -> bool:
    if not _is_anonymous_400(failure):
        return True
    return not _is_key_refusal(response.request)
