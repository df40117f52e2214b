"""The model files against engine/data/model.schema.json (JSON Schema draft 2020-12)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from book_models import SCHEMA_PATH, SHIPPED_MODEL_PATH, TEST_MODEL_PATH, fresh_test_data


def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema())


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    # The schema's own "$schema" says 2020-12; check_schema raises if it is not a valid one.
    s = schema()
    assert s["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(s)


@pytest.mark.parametrize("path", [SHIPPED_MODEL_PATH, TEST_MODEL_PATH], ids=["shipped", "test"])
def test_model_file_validates(path) -> None:
    # docs/rules.md: model.schema.json describes the model file field by field; the test model copies
    # its structure, so it must too.
    errors = [e.message for e in validator().iter_errors(json.loads(path.read_text(encoding="utf-8")))]
    assert errors == []


@pytest.mark.parametrize("mutate, where", [
    (lambda d: d.pop("bets"), "bets"),                                # a required field
    (lambda d: d["bets"].__setitem__(0, 15), "15"),                   # not a multiple of 10
    (lambda d: d["paylines"].append([1, 1, 1, 1, 1]), "paylines"),    # 11 lines
    (lambda d: d["paylines"][0].__setitem__(2, 3), "3"),              # a row outside 0..2
    (lambda d: d.__setitem__("wild", "SCATTER"), "BOOK"),             # the wild is fixed
    (lambda d: d["reels"]["base"].pop(), "reels"),                    # 4 strips
])
def test_schema_rejects_broken_models(mutate, where) -> None:
    # A schema that accepts everything would make the two tests above worthless: each of these
    # breaks one constraint written in the schema text.
    data = fresh_test_data()
    mutate(data)
    errors = list(validator().iter_errors(data))
    assert errors, "the schema accepted a broken model"
    assert any(where in str(e.message) or where in "/".join(map(str, e.absolute_path)) for e in errors)
