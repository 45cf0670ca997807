"""Schemathesis hooks for the GraphQL gateway run (schemathesis-graphql.test.ts).

Loaded by Schemathesis itself: the test sets SCHEMATHESIS_HOOKS to this module's name and
PYTHONPATH to its folder. What the gateway accepts comes from one JSON file (path in
QPC_GRAPHQL_FUZZ) the test writes: `scalars`, the gateway's own table of its custom scalars
(SCALAR_RULES of @qpc/graphql-gateway/dist/schema/scalars.js), and `fixtures`, the ids of one consistent set
of resources, by the argument name that refers to them (universityId, branchId, ...).

What the hooks do, each for the same reason as its REST counterpart (schemathesis-config.ts):
- a strategy per custom scalar, from its rule, so a generated value is one the type accepts;
- references pinned to the fixtures: that the university behind an id exists is a fact of the
  data, which no schema states;
- the few inputs whose validity depends on more than one field dropped, each saying why;
- a refusal by one of the gateway's query limits not counted as a failure.
"""

from __future__ import annotations

import json
import os
import re
import string
import uuid
from typing import Any

import graphql
from hypothesis import strategies as st

import schemathesis
from schemathesis.graphql import nodes
from schemathesis.graphql.checks import GraphQLClientError

with open(os.environ["QPC_GRAPHQL_FUZZ"], encoding="utf-8") as settings_file:
    SETTINGS: dict[str, Any] = json.load(settings_file)

FIXTURES: dict[str, str] = SETTINGS["fixtures"]

# Short enough for every text field the domain bounds (the shortest takes 50 UTF-16 units: no
# character outside the Basic Multilingual Plane, which JavaScript counts twice).
TEXT_MAX = 50
# What JavaScript's trim() removes: a text holding only these is blank to NonEmptyString and to
# the domain (Python's str.isspace() is another set).
JS_TRIMMED = frozenset(
    "\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff"
    + "".join(chr(c) for c in range(0x2000, 0x200B))
)
WORD_CHARACTERS = string.ascii_letters + string.digits


def _text() -> st.SearchStrategy[str]:
    characters = st.characters(codec="utf-8", max_codepoint=0xFFFF, exclude_characters="\x00")
    return st.text(characters, min_size=1, max_size=TEXT_MAX).filter(
        lambda value: any(char not in JS_TRIMMED for char in value)
    )


def _pattern(pattern: str, max_length: int) -> st.SearchStrategy[str]:
    # JavaScript's `$` (no `m` flag) ends the input; Python's also matches before a final newline.
    return st.from_regex(pattern, fullmatch=True).filter(
        lambda value: len(value) <= max_length and not value.endswith("\n")
    )


def _sort(fields: list[str]) -> st.SearchStrategy[str]:
    keys = st.lists(st.sampled_from(fields), min_size=1, unique=True)
    signed = keys.flatmap(
        lambda chosen: st.tuples(*(st.sampled_from([field, f"-{field}"]) for field in chosen))
    )
    return signed.map(",".join).filter(lambda value: len(value) <= 200)


def _search(
    max_length: int, stop_words: list[str], min_word_length: int
) -> st.SearchStrategy[str]:
    stop = frozenset(stop_words)
    word = st.text(WORD_CHARACTERS, min_size=1, max_size=10)
    content_word = st.text(WORD_CHARACTERS, min_size=min_word_length, max_size=10).filter(
        lambda value: value.lower() not in stop
    )
    filler = st.lists(st.one_of(word, st.sampled_from(stop_words)), max_size=3)
    separator = st.sampled_from([" ", ", ", " - ", "? "])
    return (
        st.tuples(filler, content_word, filler, separator)
        .map(lambda parts: parts[3].join([*parts[0], parts[1], *parts[2]]))
        .filter(lambda value: len(value) <= max_length)
    )


def _value_nodes(rule: dict[str, Any]) -> st.SearchStrategy[graphql.ValueNode]:
    kind = rule["kind"]
    if kind == "objectId":
        return st.text("0123456789abcdefABCDEF", min_size=24, max_size=24).map(nodes.String)
    if kind == "int":
        return st.integers(rule["min"], rule["max"]).map(nodes.Int)
    if kind == "float":
        whole = st.integers(int(rule["min"]), int(rule["max"])).map(nodes.Int)
        fractional = st.floats(
            rule["min"], rule["max"], allow_nan=False, allow_infinity=False
        ).map(nodes.Float)
        return st.one_of(whole, fractional)
    if kind == "text":
        return _text().map(nodes.String)
    if kind == "pattern":
        return _pattern(rule["pattern"], rule["maxLength"]).map(nodes.String)
    if kind == "sort":
        return _sort(rule["fields"]).map(nodes.String)
    if kind == "search":
        return _search(rule["maxLength"], rule["stopWords"], rule["minWordLength"]).map(nodes.String)
    # A new kind of rule needs a strategy here; generating anything else would test nothing.
    raise ValueError(f"no strategy for scalar rule {rule!r}")


for _name, _rule in SETTINGS["scalars"].items():
    schemathesis.graphql.scalar(_name, _value_nodes(_rule))


class _PinReferences(graphql.Visitor):
    """Sets every argument or input field named after a fixture to that fixture's id."""

    def enter_argument(self, node: graphql.ArgumentNode, *_: Any) -> Any:
        return self._pinned(node)

    def enter_object_field(self, node: graphql.ObjectFieldNode, *_: Any) -> Any:
        return self._pinned(node)

    @staticmethod
    def _pinned(node: graphql.ArgumentNode | graphql.ObjectFieldNode) -> Any:
        # An idempotency key is new for each request, as a client makes one: a key reused with
        # another input is IDEMPOTENCY_KEY_REUSED by design (the earlier use is state, not schema).
        if node.name.value == "idempotencyKey" and isinstance(node.value, graphql.StringValueNode):
            return type(node)(name=node.name, value=nodes.String(str(uuid.uuid4())))
        fixture = FIXTURES.get(node.name.value)
        # A null stays null (the reference is not given); plain `id` arguments stay random:
        # a missing resource is NOT_FOUND, which is not a client error.
        if fixture is None or not isinstance(node.value, graphql.StringValueNode):
            return None
        return type(node)(name=node.name, value=nodes.String(fixture))


@schemathesis.hook
def map_body(context: schemathesis.HookContext, body: graphql.DocumentNode) -> graphql.DocumentNode:
    return graphql.visit(body, _PinReferences())


def _root_fields(context: schemathesis.HookContext, body: graphql.DocumentNode) -> list[graphql.FieldNode]:
    name = context.operation.definition.field_name
    return [
        selection
        for definition in body.definitions
        if isinstance(definition, graphql.OperationDefinitionNode)
        for selection in definition.selection_set.selections
        if isinstance(selection, graphql.FieldNode) and selection.name.value == name
    ]


def _arguments(field: graphql.FieldNode) -> dict[str, graphql.ValueNode]:
    return {argument.name.value: argument.value for argument in field.arguments or ()}


def _object_fields(value: graphql.ObjectValueNode) -> dict[str, graphql.ValueNode]:
    return {field.name.value: field.value for field in value.fields}


def _is_given(value: graphql.ValueNode | None) -> bool:
    return value is not None and not isinstance(value, graphql.NullValueNode)


def _is_valid_question(field: graphql.FieldNode) -> bool:
    # An MCQ question needs options and the other types refuse them: the rule ties one field to
    # another's value, and a GraphQL input type has fields, not conditions between them. The
    # 2 to 10 entries are no type either: GraphQL lists have no length.
    given = _arguments(field).get("input")
    if not isinstance(given, graphql.ObjectValueNode):
        return True  # missing or null: refused by the schema itself (a negative case)
    question = _object_fields(given)
    question_type = question.get("type")
    is_mcq = isinstance(question_type, graphql.EnumValueNode) and question_type.value == "MCQ"
    options = question.get("options")
    if not _is_given(options):
        return not is_mcq
    return is_mcq and isinstance(options, graphql.ListValueNode) and 2 <= len(options.values) <= 10


def _has_a_change(field: graphql.FieldNode) -> bool:
    # An update changes at least one field: a rule over the input's fields together, while
    # GraphQL makes each field of an input type required or optional on its own. A null field
    # means "not given" (except where null clears a value), so an input of nulls only is dropped
    # too: a few clearing updates are lost, no invalid one passes.
    given = _arguments(field).get("input")
    if not isinstance(given, graphql.ObjectValueNode):
        return True  # missing or null: refused by the schema itself (a negative case)
    return any(_is_given(value) for value in _object_fields(given).values())


def _names_a_question(field: graphql.FieldNode) -> bool:
    # `question` takes an id, a slug or both (they must agree), and refuses neither: each
    # argument is optional alone, and GraphQL has no "one of these" for arguments.
    arguments = _arguments(field)
    return _is_given(arguments.get("id")) or _is_given(arguments.get("slug"))


def _names_a_draft(field: graphql.FieldNode) -> bool:
    # `acceptDrafts` makes one question per listed draft and refuses an empty list: GraphQL lists
    # have no length.
    drafts = _arguments(field).get("drafts")
    return not isinstance(drafts, graphql.ListValueNode) or len(drafts.values) > 0


@schemathesis.hook
def filter_body(context: schemathesis.HookContext, body: graphql.DocumentNode) -> bool:
    label = context.operation.label
    if label == "Mutation.createQuestion":
        check = _is_valid_question
    elif label.startswith("Mutation.update"):
        check = _has_a_change
    elif label == "Query.question":
        check = _names_a_question
    elif label == "Mutation.acceptDrafts":
        check = _names_a_draft
    else:
        return True
    return all(check(field) for field in _root_fields(context, body))


def _is_limit_refusal(error: Any) -> bool:
    extensions = error.get("extensions") if isinstance(error, dict) else None
    return isinstance(extensions, dict) and "limit" in extensions


def _is_unknown_draft(error: Any) -> bool:
    # acceptDrafts names drafts by their index among the paper's drafts, and each entry's fields
    # are merged with that stored draft (its type decides whether options are needed): stored
    # state no GraphQL type states (a paper without a PDF has none). A refusal whose every detail
    # is about one entry (BAD_USER_INPUT at drafts.N...) answers a valid input, and is dropped.
    extensions = error.get("extensions") if isinstance(error, dict) else None
    details = extensions.get("details") if isinstance(extensions, dict) else None
    return (
        isinstance(details, list)
        and len(details) > 0
        and all(
            isinstance(d, dict) and re.fullmatch(r"drafts\.\d+(\.\w+)*", str(d.get("path")))
            for d in details
        )
    )


@schemathesis.hook
def filter_failure(
    context: schemathesis.HookContext,
    failure: Any,
    case: schemathesis.Case,
    response: schemathesis.Response,
) -> bool:
    # The gateway refuses a query over its depth, cost, alias, directive or token limit with
    # BAD_USER_INPUT naming the limit (extensions.limit). A query's cost follows from its nested
    # selections and their `limit` arguments together, which no GraphQL type states, and the
    # generator does not know it; the limits have tests of their own (graphql-probes.test.ts).
    # Only a refusal whose every error is a limit is dropped.
    if not isinstance(failure, GraphQLClientError):
        return True
    if context.operation.label == "Mutation.acceptDrafts" and all(
        _is_unknown_draft(error) for error in failure.errors
    ):
        return False
    return not all(_is_limit_refusal(error) for error in failure.errors)
