"""The commands the pages suggest at the terminal carry the --db the server was started with (found by a review:
``brag serve --db FILE`` pages said "brag verify 3", which reads the default database, not FILE)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import httpx
import pytest
from sqlmodel import Session

from casino.db.database import connect
from casino.db.locations import db_option
from casino.games import load_game
from casino.head_to_head_service import HeadToHeadService
from tests.web.conftest import Served, serve
from tests.web.test_classic_page import sit_down as sit_down_classic
from tests.web.test_table_page import ante_and_fold, sit_down


@pytest.fixture(scope="module")
def served_elsewhere(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The app on a database named with --db, in a folder whose name needs quoting (a space, an ampersand)."""
    from web.app import create_app

    path = tmp_path_factory.mktemp("web-db") / "my & your games.db"
    db_url = f"sqlite:///{path}"
    app = create_app(db_url, db_option(str(path)))
    with serve(app) as running:
        yield Served(f"http://127.0.0.1:{running.port}", db_url, app)


def test_every_page_carries_the_servers_db(served_elsewhere):
    option = served_elsewhere.app.state.db_option
    assert option.startswith(' --db "') and option.endswith('my & your games.db"')
    for page in ("/table", "/classic", "/designer"):
        html = httpx.get(served_elsewhere.url + page).text
        assert ' data-db=" --db &quot;' in html and "my &amp; your games.db&quot;" in html, page


def test_the_casino_tables_verify_and_leave_name_the_database(served_elsewhere, page):
    option = served_elsewhere.app.state.db_option
    session_id = sit_down(page, served_elsewhere.url, boxes=1, seed="terminal")
    ante_and_fold(page)
    page.click("#verify-last")
    page.wait_for_selector("#verify-terminal")
    assert page.locator("#verify-terminal").inner_text() == f"At the terminal: brag verify {session_id}{option}"
    page.keyboard.press("q")
    page.wait_for_selector("#ended-note")
    assert f"'brag play --resume {session_id}{option}'" in page.locator("#ended-note").inner_text()


def test_the_classic_verify_panel_names_the_database(served_elsewhere, page):
    page.goto(f"{served_elsewhere.url}/classic")
    page.wait_for_selector("#c-rules option", state="attached")
    sit_down_classic(page, "terminal", opponents=1, hands=1, ready="#c-fold")
    session_id = int(page.locator("#c-session").inner_text())
    page.click("#c-fold")
    page.wait_for_selector("#c-result:not([hidden])")
    page.click("#c-verify-link")
    page.wait_for_selector("#c-verify-terminal")
    assert page.locator("#c-verify-terminal").inner_text() == (
        f"At the terminal: brag verify {session_id} --classic{served_elsewhere.app.state.db_option}")


def test_a_head_to_head_resume_refused_names_the_database(served_elsewhere):
    with Session(connect(served_elsewhere.db_url)) as db:
        service = HeadToHeadService.new(load_game("teen-patti-20-20"), Fraction(100), stakes={"a": 2}, seed="web")
        session_id = service.open(db)
        service.autoplay(hands=1)
        service.end("hands")
    refused = httpx.post(f"{served_elsewhere.url}/api/table/sessions/{session_id}/resume")
    assert refused.status_code == 409
    assert (f"'brag play --resume {session_id}{served_elsewhere.app.state.db_option}'"
            in refused.json()["detail"])
