"""The HTTP API fuzzed from its own OpenAPI description (schemathesis): every operation, with
a guest's cookie and this server's Origin, answers within its description and never fails.

Checks: no 5xx, status codes the description lists, bodies that match its schemas, the content
type it promises. Bounded and repeatable: a fixed number of examples per operation, drawn
deterministically (hypothesis's derandomize)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from pondside.server.app import create_app
from pondside.server.settings import Settings
from serverproc import GuestClient, ServerProcess

EXAMPLES = 40
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    content_type_conformance,
]


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path: Path = tmp_path_factory.mktemp("fuzz-http")
    proc = ServerProcess(f"sqlite:///{path / 'pondside.db'}", log=path / "server.log")
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def fuzz_guest(fuzzed_server: ServerProcess) -> Iterator[GuestClient]:
    with GuestClient(fuzzed_server, "Fuzz") as guest:
        yield guest


def operations() -> list[tuple[str, str]]:
    """Every operation of the description, read from the application itself (a new route
    cannot be left out)."""
    app = create_app(Settings(database_url="sqlite://"))
    paths = app.openapi()["paths"]
    return [(method.upper(), path) for path, ops in paths.items() for method in ops]


@pytest.mark.parametrize(("method", "path"), operations())
def test_every_operation_answers_as_described(
    method: str, path: str, fuzzed_server: ServerProcess, fuzz_guest: GuestClient
) -> None:
    schema = schemathesis.openapi.from_url(f"{fuzzed_server.url}/openapi.json")
    operation = schema[path][method]
    cookies = dict(fuzz_guest.http.cookies.items())

    # Valid requests, and requests that break the description (the server must refuse those
    # with a documented 4xx, never fail).
    cases = st.one_of(*(operation.as_strategy(mode) for mode in GenerationMode))
    if "{table_id}" in path:
        # A drawn id is no table (404): a third of the examples are about a real one, waiting to
        # start, whose host (a guest of its own) is the one fuzzing.
        host = GuestClient(fuzzed_server, "Host")
        table = host.create(2, profile="none")["id"]
        cookies = dict(host.http.cookies.items())
        real = operation.as_strategy(path_parameters={"table_id": table})
        cases = st.one_of(cases, real)

    @given(case=cases)
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    def answers(case: schemathesis.Case) -> None:
        response = case.call(
            base_url=fuzzed_server.url,
            headers={"Origin": fuzzed_server.url},
            cookies=cookies,
            timeout=10,
        )
        case.validate_response(response, checks=CHECKS)
        # No CORS opening, whatever was asked.
        assert not [h for h in response.headers if h.lower().startswith("access-control-")]

    answers()
