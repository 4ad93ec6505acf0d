"""`assemble --query` and `hook user-prompt` as a user meets their ranking (issue 31): each rule on a
small home built the way a host's users write one, through the CLI."""

from __future__ import annotations

import os
import sys
from datetime import date
from pathlib import Path

import pytest

from .conftest import GIT_CANNOT_TELL, git_cannot_tell


def _home(tmp_path: Path, files: dict[str, str]) -> Path:
    home = Path(os.path.realpath(tmp_path)) / "home"
    for rel, text in files.items():
        path = home / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    if "MEMORY.md" not in files:
        links = "".join(f"- [{rel}]({rel})\n" for rel in files)
        (home / "MEMORY.md").write_text(f"# Index\n\n{links}")
    return home


def _loaded(stdout: str) -> list[str]:
    """The query excerpts of a bundle: `path § heading`, or the path of a section without one."""
    out = []
    for line in stdout.splitlines():
        if line.startswith("<!-- memctl: ") and line.endswith(" (query) -->"):
            out.append(line[len("<!-- memctl: "):].rsplit(" (lines ", 1)[0])
    return out


@pytest.fixture
def query(cli, monkeypatch):
    """Run `assemble HOME --query TEXT` on a day; the query excerpts it loaded."""

    def run(home: Path, text: str, today: str = "2026-11-23") -> list[str]:
        monkeypatch.setenv("MEMCTL_TODAY", today)
        result = cli("assemble", str(home), "--query", text)
        assert result.exit_code == 0, result.stderr
        return _loaded(result.stdout)

    return run


# --- 1. a file name's words are split on `_` and `-` -------------------------------------------------

CLAUDE_CODE = {  # a Claude Code auto-memory folder: one fact a file, snake_case names
    "topics/feedback_branch_names.md": "---\nname: Branch names\ntype: feedback\n---\n\n"
                                       "Branches: `<author>/<ticket>-<slug>`.\n",
    "topics/feedback_deploys.md": "---\nname: Deploy windows\ntype: feedback\n---\n\n"
                                  "No deploys Friday after 14:00 CET.\n",
    "topics/project_inc_2451.md": "---\nname: INC-2451\ntype: project\n---\n\n"
                                  "INC-2451 (2026-11-12): statement emails sent twice after a redelivery.\n",
    "topics/user_role.md": "---\nname: Role\ntype: user\n---\n\nBackend engineer on the billing team; names "
                           "things plainly.\n",
}


def test_a_snake_case_file_name_holds_its_words(tmp_path, query):
    """`feedback_branch_names` holds `branch` and `names`: the section's one body word `Branches`
    is backed by its file name (it was not: `_` counted as a letter, so no word started there)."""
    home = _home(tmp_path, CLAUDE_CODE)
    assert query(home, "Pick a branch name for BIL-977") == ["topics/feedback_branch_names.md § preamble"]


def test_a_query_of_ids_alone_loads_what_names_them_not_every_file_of_their_kind(tmp_path, query):
    """"INC-2451" on a folder with a file per incident: `inc` is in every incident's name and the
    number alone matches nothing, so every incident loaded beside INC-2451's. A query of ids alone
    names the thing (as `batch 3` does); with other words the id is what the task is for."""
    incidents = {f"topics/project_inc_{n}.md": f"---\nname: INC-{n}\ntype: project\n---\n\nINC-{n}: {what}.\n"
                 for n, what in ((2460, "a refund posted twice"), (2489, "webhooks dropped for an hour"),
                                 (2510, "invoices in the wrong currency"), (2391, "a stuck dunning run"))}
    rules = {f"topics/feedback_{name}.md": f"---\nname: {name.title()}\ntype: feedback\n---\n\n{line}\n"
             for name, line in (("tests", "Run the suite against a real Postgres, never SQLite."),
                                ("money", "Amounts are integer cents; never floats."),
                                ("reviews", "Two approvals for anything under billing/."),
                                ("logs", "Mask emails in the logs."))}
    home = _home(tmp_path, {**CLAUDE_CODE, **incidents, **rules})
    assert query(home, "INC-2451") == ["topics/project_inc_2451.md § preamble"]
    assert query(home, "what happened in INC-2489?") == ["topics/project_inc_2489.md § preamble"]
    assert query(home, "Pick a branch name for INC-2489") == ["topics/feedback_branch_names.md § preamble"]


# --- 2. one distinctive word is enough; common words adding up are not --------------------------------

KITCHEN = {  # a household's notes: a few sections, the words a family writes
    "topics/kitchen-log.md": (
        "# Kitchen log\n\n"
        "## Appliances\n\n- Oven runs 15 °C hot; set 165 for 180.\n- The grill element is slow to start.\n\n"
        "## What broke\n\n- Fridge door seal torn (Teo, the step stool). Blender jar cracked: new one after "
        "Black Friday.\n\n"
        "## Shopping\n\n- Bread from the bakery on Saturdays; the recipe book wants cashew-free pesto for Ella.\n\n"
        "## Habits\n\n- Wednesday is pasta night. Chili when it is cold.\n"
    ),
}


def test_one_distinctive_word_carries_a_section(tmp_path, query):
    """`blender` is in one section of four; `replaced` in none. Before, a section needed two query
    terms or one in its heading, and this one was left out ("one query term")."""
    home = _home(tmp_path, KITCHEN)
    assert query(home, "When does the blender get replaced?") == ["topics/kitchen-log.md § What broke"]


def _customers(count: int) -> dict[str, str]:
    files = {f"topics/customer_{n:02d}.md": f"---\nname: Customer {n}\ntype: project\n---\n\n"
             f"Customer {n}: invoices by email, net 30; the customer's account manager is in the CRM.\n"
             for n in range(count)}
    files["topics/feedback_privacy.md"] = ("---\nname: Privacy\ntype: feedback\n---\n\n"
                                           "Mask emails and card numbers before they reach the logs. This holds "
                                           "for the API, the workers and the nightly jobs alike; the filter runs "
                                           "before any handler, and a test feeds it a sample of each kind.\n")
    for topic, line in (("screenshots", "Blur names in screenshots for the changelog."),
                        ("migrations", "One Alembic revision per PR."), ("retries", "Retry with an idempotency key."),
                        ("money", "Money is integer cents, never floats."), ("timezones", "Store UTC, show local."),
                        ("reviews", "Ask Priya for ledger reviews."), ("tests", "Tests name the behaviour."),
                        ("flags", "New code behind a flag for a week."), ("queries", "No SELECT * in app code.")):
        files[f"topics/feedback_{topic}.md"] = f"---\nname: {topic.title()}\ntype: feedback\n---\n\n{line}\n"
    return files


def test_common_words_adding_up_do_not_carry_a_section_in(tmp_path, query):
    """`customer` and `email` are in eight files of eighteen: together they weigh less than what the
    privacy note adds (`mask`, `logs`), so the customer files stay out (before, two terms were enough)."""
    home = _home(tmp_path, _customers(8))
    assert query(home, "Mask customer emails in the logs") == ["topics/feedback_privacy.md § preamble"]


def test_a_query_whose_subject_the_memory_lacks_loads_nothing(tmp_path, query):
    """`migrations` share a stem with `Migrate`, but the marketing site and Next.js are nowhere: the
    words the memory lacks weigh in the query, and no section covers enough of it."""
    home = _home(tmp_path, {
        **CLAUDE_CODE,
        "topics/feedback_migrations.md": "---\nname: Migrations\ntype: feedback\n---\n\n"
                                         "One Alembic revision per PR; never edit a merged one.\n",
        "topics/project_billing_v2.md": "---\nname: Billing v2\ntype: project\n---\n\n"
                                        "The v2 migration moves invoices to the ledger in three steps.\n",
    })
    assert query(home, "Migrate the marketing site to Next.js") == []
    assert query(home, "Add an Alembic revision") == ["topics/feedback_migrations.md § preamble"]


# --- 3. dates and relative dates mean days ----------------------------------------------------------

def _daily(day: str, weekday: str, lines: list[str]) -> str:
    return f"# {day} ({weekday})\n\n" + "".join(f"- {line}\n" for line in lines)


DAILY = {  # an OpenClaw workspace's daily notes, one a day, headed by the date and its weekday
    "memory/2026-11-05.md": _daily("2026-11-05", "Thu", ["12:30 Lesson with Noa", "Invoice 12 sent"]),
    "memory/2026-11-11.md": _daily("2026-11-11", "Wed", ["09:10 Decision: quote weddings per set, not per hour",
                                                        "Lieke: dentist 15:40"]),
    "memory/2026-11-12.md": _daily("2026-11-12", "Thu", ["07:22 Drop the Tuesday jam at Café Kapitein",
                                                        "Booked the train to Heerlen"]),
    "memory/2026-11-18.md": _daily("2026-11-18", "Wed", ["Lesson with Fleur, paradiddles at 90"]),
    "memory/2026-11-19.md": _daily("2026-11-19", "Thu", ["Rehearsal moved to 20:00; 12 songs"]),
    "memory/2026-11-22.md": _daily("2026-11-22", "Sun", ["Quiet day; restrung the practice pad"]),
    "CHRONICLE.md": "# Chronicle\n\n## 2026-10\n\n- Moved the studio; first wedding booked.\n\n"
                    "## 2026-11\n\n- Winter gigs; the kit rental ends 2026-12-01.\n",
    "LESSONS.md": "# Lessons\n\n- 2026-10-14: invoice the morning after a gig.\n",
    "TOOLS.md": "# Tools\n\n## Rota\n\n- Mon: Ana waters the plots\n- Thu: Sem waters the plots\n",
}


@pytest.mark.parametrize(("text", "loaded"), [
    ("Summarise yesterday's daily note", ["memory/2026-11-22.md § 2026-11-22 (Sun)"]),  # today is Monday 11-23
    ("Anything on Thu 12 Nov?", ["memory/2026-11-12.md § 2026-11-12 (Thu)"]),  # not the other Thursdays, not `12`
    ("What happened on November 12th?", ["memory/2026-11-12.md § 2026-11-12 (Thu)"]),
    ("What did I note on Nov 19", ["memory/2026-11-19.md § 2026-11-19 (Thu)"]),
    ("What did I note last Wednesday?", ["memory/2026-11-18.md § 2026-11-18 (Wed)"]),
    ("What happened last month?", ["CHRONICLE.md § 2026-10"]),  # not LESSONS, which only mentions 2026-10-14
    ("Summarise the note of 2026-11-05", ["memory/2026-11-05.md § 2026-11-05 (Thu)"]),
])
def test_a_date_in_a_query_means_its_day(tmp_path, query, text, loaded):
    """A date means the note of that day (its file name, its heading), relative to MEMCTL_TODAY;
    before, `yesterday` matched nothing and `12`, `11` and `2026` matched any note that had them."""
    home = _home(tmp_path, DAILY)
    assert query(home, text, today="2026-11-23") == loaded


def test_a_date_only_a_line_mentions_is_found_when_no_heading_or_file_name_has_it(tmp_path, query):
    """A Claude Code topic has no dated heading: the incident's date in its one line is the date."""
    home = _home(tmp_path, {**CLAUDE_CODE, "topics/project_inc_2460.md": "---\nname: INC-2460\ntype: project\n---"
                            "\n\nINC-2460 (2026-11-14): a refund posted twice.\n"})
    assert query(home, "What went wrong on 12 November?") == ["topics/project_inc_2451.md § preamble"]


def test_day_names_are_one_word_and_not_the_start_of_another(tmp_path, query):
    """`Thursday` finds the rota's `Thu:`; `weddings` (stem `wed`) does not find the notes headed
    `(Wed)`, and a number alone (`12`) matches nothing."""
    home = _home(tmp_path, DAILY)
    assert query(home, "Who waters the plots on Thursdays?") == ["TOOLS.md § Rota"]
    assert query(home, "What did I decide about quoting weddings?") == ["memory/2026-11-11.md § 2026-11-11 (Wed)"]
    assert query(home, "12") == []


def test_the_user_prompt_hook_understands_dates_too(tmp_path):
    import json
    import subprocess
    import sys

    from .conftest import ROOT

    home = _home(tmp_path, DAILY)
    result = subprocess.run([sys.executable, "-m", "memctl", "hook", "user-prompt", str(home)],
                            input=json.dumps({"prompt": "Summarise yesterday's daily note"}), capture_output=True,
                            text=True, cwd=ROOT, env={**os.environ, "MEMCTL_TODAY": "2026-11-23"}, timeout=60)
    assert result.returncode == 0 and result.stderr == ""
    context = json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "<!-- memory/2026-11-22.md, lines 1–3 -->\n# 2026-11-22 (Sun)" in context
    assert context.count("<!-- ") == 1


@pytest.mark.parametrize(("text", "today", "days"), [
    ("2026-11-30", "2026-12-01", ["2026-11-30"]),
    ("12 Nov", "2026-11-23", ["2026-11-12", "2027-11-12"]),  # the last one and the next one
    ("Nov 12, 2025", "2026-11-23", ["2025-11-12"]),
    ("November 12th", "2026-11-23", ["2026-11-12", "2027-11-12"]),
    ("Thu 12 Nov", "2026-11-23", ["2026-11-12", "2027-11-12"]),  # one date, the weekday part of it
    ("on the 30th", "2026-11-23", ["2026-10-30", "2026-11-30"]),
    ("yesterday", "2026-11-23", ["2026-11-22"]),
    ("tomorrow", "2026-12-31", ["2027-01-01"]),
    ("last week", "2026-11-25", ["2026-11-16..2026-11-22"]),
    ("this week", "2026-11-25", ["2026-11-23..2026-11-29"]),
    ("this month", "2026-11-30", ["2026-11-01..2026-11-30"]),
    ("last month", "2026-01-10", ["2025-12-01..2025-12-31"]),
    ("in May", "2026-11-30", ["2026-05-01..2026-05-31", "2027-05-01..2027-05-31"]),
    ("in November", "2026-11-23", ["2026-11-01..2026-11-30"]),  # the month we are in
    ("last Tuesday", "2026-11-23", ["2026-11-17"]),
    ("on Tuesday", "2026-11-23", ["2026-11-17", "2026-11-24"]),
    ("2026-W48", "2026-11-23", ["2026-11-23..2026-11-29"]),
    ("what happened the week of 2026-11-04?", "2026-11-23", ["2026-11-02..2026-11-08"]),  # its week, not its day
    ("the week starting 2026-11-02", "2026-11-23", ["2026-11-02..2026-11-08"]),
    ("May I deploy?", "2026-11-23", []),  # `may`, `sat`, `sun`: a date only when capitalised inside a sentence
    ("the sun sat low", "2026-11-23", []),
    ("on Wednesdays", "2026-11-23", []),  # a habit, not a day
    ("where are we with Kessler since the quote on the 13th?", "2026-11-21", ["2026-11-13..2026-11-21"]),
    ("what changed after the Nov 8 complaint?", "2026-11-26", ["2026-11-08..2026-11-26"]),  # from that day on
    ("since 2025", "2026-11-21", ["2025-01-01..2026-11-21"]),
    ("how many words did I translate in 2025?", "2026-11-21", ["2025-01-01..2025-12-31"]),
    ("why are the 2014 timestamps off?", "2026-11-21", []),  # a year without a preposition is a number
    ("what was the score last night?", "2026-11-26", ["2026-11-25"]),
    ("who called this morning?", "2026-11-26", ["2026-11-26"]),
    ("the quote since 2026-W46", "2026-11-23", ["2026-11-09..2026-11-23"]),  # a week, not the year 2026
    ("since 9999-12-31", "2026-11-23", []),  # the calendar's last day and the day after it: no date, no traceback
    ("the week of 9999-12-31", "2026-11-23", []),
    ("9999-12", "2026-11-23", []),
    ("what happened between Nov 5 and Nov 10?", "2026-11-23", ["2026-11-05..2026-11-10"]),  # one span
    ("from the 3rd to the 9th", "2026-11-23", ["2026-11-03..2026-11-09"]),
    ("from Monday to Friday", "2026-11-25", ["2026-11-23", "2026-11-30", "2026-11-20", "2026-11-27"]),  # a habit
    ("12 and 2026 and 30", "2026-11-23", []),  # numbers alone are no date
    ("was war gestern?", "2026-03-18", ["2026-03-17"]),  # yesterday, today, tomorrow in six languages
    ("qué pasó ayer?", "2026-03-18", ["2026-03-17"]),
    ("qu'est-ce qu'on fait aujourd'hui ?", "2026-03-18", ["2026-03-18"]),
    ("Guten Morgen, was steht an?", "2026-03-18", []),  # `morgen`: the morning as much as tomorrow
    ("what's on 12.12.2026?", "2026-12-01", ["2026-12-12"]),  # day first, as much of Europe writes it
    ("is v1.2.2026 out?", "2026-12-01", []),  # a version, not a date
    ("what did Strobl find on Monday the 11th?", "2027-02-20", ["2027-01-11"]),  # the 11th that was a Monday
    ("Thu, the 12th", "2026-11-23", ["2026-11-12"]),
    ("on Friday the 13th", "2026-11-23", ["2026-11-13"]),  # the last one; none ahead within two months
    ("what happened on Friday?", "2026-11-23", ["2026-11-20"]),  # told in the past: the last Friday
    ("what did the window guy charge on Monday?", "2026-11-25", ["2026-11-23"]),
    ("can I ship this on Friday afternoon?", "2026-11-23", ["2026-11-20", "2026-11-27"]),  # a habit, or the next
    ("why was Thursday's boat trip cancelled?", "2026-11-23", ["2026-11-19", "2026-11-26"]),  # not after `on`
    ("what did we do last weekend?", "2026-11-25", ["2026-11-21..2026-11-22"]),  # Saturday and Sunday
    ("who is on call this weekend?", "2026-11-25", ["2026-11-28..2026-11-29"]),
    ("next weekend", "2026-11-23", ["2026-12-05..2026-12-06"]),
    ("last weekend", "2026-11-23", ["2026-11-21..2026-11-22"]),  # on a Monday: the two days just gone
    ("what did Sam say at the weekend?", "2026-11-25", ["2026-11-21..2026-11-22"]),  # told in the past
    ("who covers the weekend shifts?", "2026-11-25", []),  # a habit: a word, not a date
    ("anyone around at the weekend?", "2026-11-25", []),
])
def test_query_dates(text, today, days):
    from datetime import date

    from memctl.commands.query_dates import query_dates

    found, _ = query_dates(text, date.fromisoformat(today))
    assert [span for term in found for span in term.term.split(" or ")] == days


@pytest.mark.parametrize(("text", "days"), [  # asked on Wednesday 2027-02-17
    ("Was ist letzten Freitag passiert?", ["2027-02-12"]),
    ("Was hat Strobl am Freitag gesagt?", ["2027-02-12", "2027-02-19"]),  # a lone weekday: the last or the next
    ("Was ist am 12. Dezember passiert?", ["2026-12-12", "2027-12-12"]),  # the day with its dot
    ("Was war im Dezember mit der Therme?", ["2026-12-01..2026-12-31", "2027-12-01..2027-12-31"]),
    ("qu'est-ce qu'on a fait vendredi dernier ?", ["2027-02-12"]),
    ("¿qué pasó el viernes pasado con Pablo?", ["2027-02-12"]),
    ("¿qué hay el próximo lunes?", ["2027-02-22"]),
    ("o que aconteceu na sexta-feira passada?", ["2027-02-12"]),
    ("cosa è successo venerdì scorso?", ["2027-02-12"]),
    ("wat is er vorige vrijdag gebeurd?", ["2027-02-12"]),
    ("hva skjedde forrige fredag med konserten?", ["2027-02-12"]),
    ("hva sa Ingrid i går om konserten?", ["2027-02-16"]),
    ("hvad skete der i fredags med kunden?", ["2027-02-12"]),  # Danish and Swedish: last Friday
    ("vad hände i fredags med kunden och bilen?", ["2027-02-12"]),
    ("what did we do in Mars?", []),  # a French month name is a word in English
    ("Mayo on the sandwich, please", []),  # ... and a Spanish one
])
def test_a_question_in_another_language_names_its_days_in_it(text, days):
    """A day or month name is a date in the question's own language (`relevance.language_of`): "was ist
    letzten Freitag passiert?" is last Friday, where it was two words before."""
    from datetime import date

    from memctl.commands.relevance import parse_query

    found = parse_query(text, date(2027, 2, 17)).dates
    assert [span for term in found for span in term.term.split(" or ")] == days


def test_each_spelling_of_a_day_or_month_names_one_day_or_month_in_every_language():
    """One spelling, one name: a word two languages share (`mandag`, `mars`, `domingo`) means the same
    day or month in both."""
    from memctl.commands.query_dates import _FOREIGN_NAMES, MONTHS, WEEKDAYS, _calendar_of

    seen: dict[str, str] = {}
    for language in _FOREIGN_NAMES:
        calendar = _calendar_of(language)
        assert set(calendar.values()) == set(WEEKDAYS + MONTHS), language
        for word, name in calendar.items():
            assert seen.setdefault(word, name) == name, (language, word)


def test_a_date_is_looked_for_as_a_memory_writes_it():
    from datetime import date

    from memctl.commands.query_dates import query_dates

    (day,), rest = query_dates("Summarise yesterday's note", date(2026, 11, 23))
    assert day.literals == ("2026-11-22", "2026-w47", "22.11.2026") and rest.split() == ["Summarise", "'s", "note"]
    (month,), _ = query_dates("this month", date(2026, 11, 23))
    assert month.literals == ("2026-11", "2026-w45", "2026-w46", "2026-w47", "2026-w48",  # weeks by their Thursday
                              ".11.2026")  # and the day-first dotted dates of much of Europe
    (year,), _ = query_dates("in 2025", date(2026, 11, 23))
    assert year.literals == ("2025-",)  # a whole year by its prefix: its days, months and weeks
    (since,), _ = query_dates("since October 2026", date(2026, 11, 3))
    assert since.literals == ("2026-10", "2026-w40", "2026-w41", "2026-w42", "2026-w43", "2026-w44", ".10.2026",
                              "2026-11-01", "2026-11-02", "2026-11-03", "2026-w45",
                              "01.11.2026", "02.11.2026", "03.11.2026")


KESSLER = {  # a translator's daily notes: a quote on the 13th, and what came of it
    "memory/2026-11-05.md": _daily("2026-11-05", "Thu", ["Kessler Weinimport asked for a price list"]),
    "memory/2026-11-13.md": _daily("2026-11-13", "Fri", ["Quoted Kessler 0,10 €/word, 650 € in all"]),
    "memory/2026-11-16.md": _daily("2026-11-16", "Mon", ["Kessler: accepted the quote, asks for 0,09"]),
    "memory/2026-11-18.md": _daily("2026-11-18", "Wed", ["Medivox batch 3 delivered"]),
    "memory/2026-11-20.md": _daily("2026-11-20", "Fri", ["Kessler: silent"]),
    **{f"memory/2026-11-{day}.md": _daily(f"2026-11-{day}", weekday, [line]) for day, weekday, line in (
        ("09", "Mon", "Glossary for the pump manual"), ("10", "Tue", "Physio moved to Tuesdays"),
        ("11", "Wed", "Reviser free next week"), ("17", "Tue", "Invoice 31 paid"), ("19", "Thu", "VAT threshold"))},
}


def test_since_a_day_means_from_that_day_to_today(tmp_path, query):
    """"Where are we with Kessler since the quote on the 13th?" asks about the 13th and the days
    after it: it loaded the note of the 13th alone, and left the answer, the notes after it, out
    as dated another day."""
    home = _home(tmp_path, KESSLER)
    assert query(home, "where are we with Kessler since the quote on the 13th?", today="2026-11-21") == [
        "memory/2026-11-13.md § 2026-11-13 (Fri)", "memory/2026-11-16.md § 2026-11-16 (Mon)",
        "memory/2026-11-20.md § 2026-11-20 (Fri)"]


def test_a_weekday_in_a_question_told_in_the_past_is_the_last_one(tmp_path, query):
    """"What happened on Friday?" loaded every Friday's note: a lone weekday is a habit as much as a
    day ("who waters on Thursday?"), so it framed nothing. Told in the past, after `on`, it is the
    last Friday, as `last Friday` is."""
    notes = {f"memory/2026-11-{day}.md": _daily(f"2026-11-{day}", weekday, [line]) for day, weekday, line in (
        ("06", "Fri", "Gig at Doornroosje, sound was fine"), ("13", "Fri", "Quiet day, strings changed"),
        ("18", "Wed", "Rehearsal moved to Thursday"), ("02", "Mon", "Invoice 31 sent"),
        ("03", "Tue", "New strings ordered"), ("09", "Mon", "Lesson with Noa"),
        ("10", "Tue", "Setlist for the Doornroosje gig"), ("16", "Mon", "Van to the garage"))}
    home = _home(tmp_path, {**notes, "memory/2026-11-20.md": _daily("2026-11-20", "Fri", [
        "Van broke down on the A12 at 16:40, gig at Paradiso cancelled", "ANWB towed it to Utrecht",
        "Told the booker; the fee is lost, the deposit comes back", "Train home with the gear, 23:10",
        "Garage says the clutch: 1.400 €, ready on Wednesday"])})
    assert query(home, "what happened on Friday?", today="2026-11-23") == ["memory/2026-11-20.md § 2026-11-20 (Fri)"]


def test_a_date_is_found_as_claude_code_and_europe_write_it(tmp_path, query):
    """A Claude Code file named `project_meeting_notes_2026_03_17.md` (its names join words with
    `_`) held no date for "yesterday's planning", and a lesson written `16.04.2026` none for "what
    starts on 16 April?": only ISO dates were looked for."""
    home = _home(tmp_path, {
        "project_meeting_notes_2026_03_17.md": "---\nname: Tuesday planning\ntype: project\n---\n\n"
                                               "Decided: the GTFS-RT feed moves to the new host on Friday.\n",
        "project_meeting_notes_2026_03_10.md": "---\nname: Tuesday planning\ntype: project\n---\n\n"
                                               "Decided: keep the old feed one more week.\n",
        "teaching.md": "# Teaching\n\nThe spring course starts 16.04.2026 (Thursdays, room 2.14).\n",
        "trip.md": "# Trip\n\nThe field trip leaves 04.05.2026 from the Institute.\n",
        "rental.md": "# Rental\n\nThe van is booked every Friday.\n",
    })
    assert query(home, "what did we decide in yesterday's planning?", today="2026-03-18") == [
        "project_meeting_notes_2026_03_17.md § preamble"]
    assert query(home, "what starts on 16 April?", today="2026-03-18") == ["teaching.md § Teaching"]
    assert query(home, "what's on in May?", today="2026-03-18") == ["trip.md § Trip"]


def test_a_lone_weekday_beside_another_date_is_a_day_too(tmp_path, query):
    """"today: what we agreed on Monday about the MA2" framed on today alone (a lone weekday is a
    habit as much as a day), and left Monday's note out as dated another day. Beside another date,
    the weekday is one of two dates apart: either day's note."""
    home = _home(tmp_path, {f"memory/2026-03-{day}.md": _daily(f"2026-03-{day}", weekday, lines)
                            for day, weekday, lines in (
        ("16", "Mon", ["Cueing: agreed Ainhoa starts on the MA2 after the tech run"]),
        ("17", "Tue", ["Rigging day, no cueing"]), ("18", "Wed", ["Tech run tonight at 19:00"]),
        ("12", "Thu", ["Lara load-in"]), ("13", "Fri", ["Cueing the patio scene"]))})
    assert query(home, "today: what we agreed on Monday about the MA2", today="2026-03-18") == [
        "memory/2026-03-16.md § 2026-03-16 (Mon)"]


def test_a_section_of_no_date_must_make_up_for_the_date_with_words(tmp_path, query):
    """"What took us off air on the 14th?": the note of the 14th answers; the topics that say `off
    air` about something else (a commit rule, the logger) held the whole of the query's words, since
    the date did not count, and four of them loaded beside the answer. A section of no date of its
    own must now hold words enough to weigh as much as the date it lacks; the policy asked about on a
    day still comes in when it holds the question's rarer words."""
    home = _home(tmp_path, {
        "memory/2027-02-14.md": ("# 2027-02-14 (Sun)\n\n- Off air 03:10-05:40: power cut at the mast, UPS flat\n"
                                 "- Gethin drove up with the generator; carrier back at 05:38, audio at 05:40\n"
                                 "- Ofcom told in the log; listeners told on the website and the socials at 07:00\n"
                                 "- The overnight playlist lost its place; the 06:00 news was read from the studio\n"
                                 "- Gethin to price a bigger battery and a transfer switch before the next storm\n"
                                 "- The compliance logger has the gap; the board report must explain it in March\n"),
        "memory/2027-02-13.md": "# 2027-02-13 (Sat)\n\n- Quiz night trailer recorded\n",
        "memory/2027-02-15.md": "# 2027-02-15 (Mon)\n\n- Gethin ordered a new UPS battery\n",
        "commits.md": "# Commits\n\n- Say in the message whether a change can take us off air.\n",
        "logger.md": "# Logger\n\n- The compliance logger keeps every off-air minute; never restart it on air.\n",
        "push.md": "# Pushing\n\n- Never force-push main while we are on air.\n",
        "ups.md": "# UPS\n\n- The mast UPS holds 40 minutes; its battery is checked each spring.\n",
        **{f"{name}.md": f"# {name.title()}\n\n- {line}\n" for name, line in (
            ("rota", "Breakfast: Ines Mon-Wed, Gethin Thu-Fri"), ("ppl", "PPL returns due each quarter"),
            ("carts", "Idents live in carts/idents, 48 kHz WAV"), ("icecast", "Admin on port 8000, relay on 8001"),
            ("rds", "RDS text is the show name, 64 characters at most"),
            ("widget", "The website's on-air widget reads now-playing from Icecast"),
            ("board", "The board report says how many hours we were on air"))},
    })
    assert query(home, "What took us off air on the 14th?", today="2027-02-22") == [
        "memory/2027-02-14.md § 2027-02-14 (Sun)"]
    assert query(home, "how long does the mast UPS hold on the 14th?", today="2027-02-22") == [
        "ups.md § UPS", "memory/2027-02-14.md § 2027-02-14 (Sun)"]


def test_a_section_holding_as_much_of_the_query_as_the_best_is_not_below_the_floor(tmp_path, query):
    """"Wertsicherung?" on three flats' sections that each say when the rent is indexed, the first in
    a short line, the others in long paragraphs: BM25 scored the long ones at 37% of the short one
    (length normalisation), below the floor, though they hold the same word as the one loaded."""
    filler = "The flat has a balcony, a cellar compartment and a bike room; tenants share the laundry. " * 4
    home = _home(tmp_path, {
        "flats.md": ("# Flats\n\n## Lend\n\n- Wertsicherung: VPI 2020, yearly in March (Wertsicherung clause 7).\n\n"
                     f"## Annen\n\n- {filler}Wertsicherung as in Lend.\n\n"
                     f"## Körösi\n\n- {filler}Rent 780 €, Wertsicherung from 2028.\n"),
        "letters.md": ("# Letters\n\n## Mahnung\n\n- A friendly reminder first, then a second after 14 days.\n\n"
                       "## Kaution\n\n- Three months' rent, into the savings account within a week.\n\n"
                       "## Kündigung\n\n- Three months' notice, in writing, to the end of a month.\n"),
        "contractors.md": "# Contractors\n\n## Strobl\n\n- Installateur, comes within two days.\n",
    })
    assert query(home, "Wertsicherung?", today="2027-02-20") == [
        "flats.md § Lend", "flats.md § Annen", "flats.md § Körösi"]


def test_a_date_no_note_is_on_leaves_the_words_to_say_what_a_question_asks(tmp_path, query):
    """"Did Vera pay last week?" on notes none of which is of last week: the date frames nothing,
    and the question is about Vera, as it is without the date; it loaded every note that says who
    paid."""
    home = _home(tmp_path, {
        "memory/2026-10-05.md": _daily("2026-10-05", "Mon", ["Vera paid the October invoice"]),
        "memory/2026-10-06.md": _daily("2026-10-06", "Tue", ["Studio Norte paid, late as ever"]),
        "memory/2026-10-07.md": _daily("2026-10-07", "Wed", ["Galeria Sal paid half"]),
        "memory/2026-10-08.md": _daily("2026-10-08", "Thu", ["Printed the winter proofs"]),
        "memory/2026-10-09.md": _daily("2026-10-09", "Fri", ["Quiet day"]),
    })
    assert query(home, "Did Vera pay last week?") == ["memory/2026-10-05.md § 2026-10-05 (Mon)"]


def test_a_thing_named_by_a_word_and_a_number_is_one_term(tmp_path, query):
    """"When is batch 3 due?": `batch` is in most notes and a number alone matches nothing (every
    note has numbers: "3 days", "3 pallets"), so the notes about batches 1 and 2 loaded beside
    those about batch 3; `batch 3` (as `batch-3`, `batch #3` or `batches 3` too, never `batch
    30`) is a term of its own, and only the notes that name it load."""
    home = _home(tmp_path, {
        "memory/2026-11-02.md": _daily("2026-11-02", "Mon", ["Batch 1 due in 3 days, 3 pallets"]),
        "memory/2026-11-03.md": _daily("2026-11-03", "Tue", ["Batch #3 due on the 14th, after batch 2"]),
        "memory/2026-11-04.md": _daily("2026-11-04", "Wed", ["Batch 2 due: 3 boxes, 3 crates, 3 bags"]),
        "memory/2026-11-05.md": _daily("2026-11-05", "Thu", ["Batch 30 is a typo; batch-3 due date moves to the 18th"]),
        "memory/2026-11-06.md": _daily("2026-11-06", "Fri", ["Two batches waiting on QA"]),
        "memory/2026-11-07.md": _daily("2026-11-07", "Sat", ["Quiet day"]),
    })
    assert query(home, "When is batch 3 due?") == ["memory/2026-11-03.md § 2026-11-03 (Tue)",
                                                   "memory/2026-11-05.md § 2026-11-05 (Thu)"]


def test_a_section_that_names_only_another_thing_of_the_name_is_about_that_one(tmp_path, query):
    """§ Batch 30 and § Batch 13 hold `batch` in their headings, which weighs twice: they loaded
    beside § Batch 3 for "when is batch 3 due?", and PR 81 and PR 8120 for "what does PR 812 fix?"
    (found by a new-user trial). A section that names the word with other numbers, and never the
    query's, is about those (`--explain`: `names 'batch 30', not 'batch 3'`)."""
    home = _home(tmp_path, {
        "topics/batches.md": "# Batches\n\n## Batch 3\n- batch 3 is due on 2026-12-04; 40 items.\n\n## Batch 30\n"
                             "- batch 30 is the far one, due 2027.\n\n## Batch 13\n- batch-13 was cancelled.\n",
        "topics/prs.md": "# PRs\n\n## PR 812\n- PR 812 fixes the VAT rounding.\n\n## PR 81\n- PR #81 was the first "
                         "CI pipeline.\n\n## PR 8120\n- PR 8120 is a typo in the tracker.\n",
        "topics/misc.md": "# Misc\n\n## Gear\n- two amps\n\n## Van\n- blue van\n\n## Studio\n- room B\n",
    })
    assert query(home, "when is batch 3 due?") == ["topics/batches.md § Batch 3"]
    assert query(home, "what does PR 812 fix?") == ["topics/prs.md § PR 812"]


def test_two_days_apart_mean_either_and_a_day_inside_a_month_means_both(tmp_path, query):
    """"What happened on Nov 5 and Nov 12?" asked for a section on both days and loaded nothing
    (found by a new-user trial): dates apart are either; "yesterday and today" too. A date inside
    another is a frame within it: "in November, on the 12th" is the 12th of November."""
    home = _home(tmp_path, DAILY)
    assert query(home, "What happened on Nov 5 and Nov 12?") == [
        "memory/2026-11-05.md § 2026-11-05 (Thu)", "memory/2026-11-12.md § 2026-11-12 (Thu)"]
    assert query(home, "What did I note yesterday and today?") == ["memory/2026-11-22.md § 2026-11-22 (Sun)"]
    assert query(home, "In November, what happened on the 12th?") == ["memory/2026-11-12.md § 2026-11-12 (Thu)"]
    assert query(home, "What happened between Nov 5 and Nov 12?") == [
        "memory/2026-11-05.md § 2026-11-05 (Thu)", "memory/2026-11-12.md § 2026-11-12 (Thu)",
        "memory/2026-11-11.md § 2026-11-11 (Wed)"]


def test_a_year_after_a_preposition_is_that_year(tmp_path, query):
    """"What did we ship in 2025?" means the notes of 2025 (`2025` alone was a number, which matches
    nothing, and every note about shipping loaded); "last night" is yesterday's note."""
    home = _home(tmp_path, {
        "memory/2025-06-02.md": _daily("2025-06-02", "Mon", ["Shipped the importer"]),
        "memory/2026-03-09.md": _daily("2026-03-09", "Mon", ["Shipped the exporter"]),
        "memory/2026-11-22.md": _daily("2026-11-22", "Sun", ["Mathéo was up late about the bread score"]),
        "memory/2026-11-19.md": _daily("2026-11-19", "Thu", ["Mathéo: new bread score pattern"]),
    })
    assert query(home, "What did we ship in 2025?") == ["memory/2025-06-02.md § 2025-06-02 (Mon)"]
    assert query(home, "what did Mathéo say about the bread score last night?") == [
        "memory/2026-11-22.md § 2026-11-22 (Sun)"]


def test_day_and_month_names_fold_and_do_not_stem_into_other_words():
    from memctl.commands.relevance import TermFinder, fold, query_terms

    assert query_terms("Thu, Thursdays and thursday") == {"thursday"}
    assert query_terms("Nov and November") == {"november"} and query_terms("weddings") == {"wed"}
    words = TermFinder({"wed"}).words("wedding on wed, weddings")
    assert sorted(w for w in words if fold(w, {"wed"})) == ["wedding", "weddings"]
    assert fold("wed", {"wednesday"}) == "wednesday" and fold("thurs", {"thursday"}) == "thursday"


# --- 4. front matter says what a one-section topic is about -----------------------------------------

def test_a_topics_description_is_searched(tmp_path, query):
    """Claude Code's `description` is the line its own recall judges a topic by: `month-end close`
    is only there (before, front matter was not searched)."""
    home = _home(tmp_path, {**CLAUDE_CODE, "topics/feedback_deploys.md": (
        "---\nname: Deploy windows\ndescription: no prod deploys during month-end close\ntype: feedback\n---\n\n"
        "No deploys Friday after 14:00 CET, and none from the 28th to the 3rd.\n")})
    assert query(home, "Is it the month-end close yet?") == ["topics/feedback_deploys.md § preamble"]


# --- 5. --explain shows each rule's part -------------------------------------------------------------

def test_explain_shows_the_score_term_by_term_and_the_coverage(tmp_path, cli, monkeypatch):
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, KITCHEN)
    result = cli("assemble", str(home), "--query", "When does the blender get replaced?", "--explain")
    assert result.exit_code == 0
    lines = result.stderr.splitlines()
    header = next(line for line in lines if line.startswith("file "))
    assert header.split() == ["file", "section", "why", "score", "covers", "parts", "terms", "tokens", "outcome"]
    rows = [line for line in lines if "What broke" in line or "Appliances" in line]

    def cells(line: str, header: str) -> list[str]:  # the covers, parts and terms columns
        starts = [header.index(f" {name} ") + 1 for name in ("covers", "parts", "terms", "tokens")]
        return [line[a:b].strip() for a, b in zip(starts, starts[1:], strict=False)]

    # what broke: loaded; the question is about `blender`, its rarest word, and `replaced` is only
    # how it was asked (no section says it), so it is left out of covers and --explain says so
    assert [cells(row, header) for row in rows] == [["100%", "replaced: asker's word blender 1.1", "blender"]]
    assert rows[0].endswith("  loaded")
    other = cli("assemble", str(home), "--query", "Bakery bread pesto pasta chili grill", "--explain")
    appliances = next(line for line in other.stderr.splitlines() if " Appliances " in line)
    header = next(line for line in other.stderr.splitlines() if line.startswith("file "))
    assert cells(appliances, header) == ["17%", "grill 1.2", "grill"]  # one word of six: too little of the query
    # `Bakery` now finds the memory's `bakery` (Snowball's `bakeri`): the best score is higher, and
    # the floor leaves this section out before its coverage does
    assert appliances.endswith("not chosen: below the floor (34% of the best score; 40% needed)")


def test_assemble_ranks_on_the_day_it_is_given(tmp_path):
    """The core takes its day as an argument (the CLI passes MEMCTL_TODAY's): `yesterday` is the day
    before that one, not before the clock's."""
    from datetime import date

    from memctl.commands.assemble import AssembleOptions, assemble
    from memctl.model.home import load_home

    home = load_home(_home(tmp_path, DAILY))
    bundle = assemble(home, AssembleOptions(query="Summarise yesterday's daily note"), date(2026, 11, 23))
    assert [(e.path, e.heading.rsplit(" (lines ", 1)[0]) for e in bundle.entries if e.reasons == ["query"]] == [
        ("memory/2026-11-22.md", "2026-11-22 (Sun)")]


# --- 6. the optional semantic backend ----------------------------------------------------------------

EMBEDDERS = Path(__file__).parent / "embedders"
PARAPHRASED = {  # the memory's words are not the question's: "ship" for deploys, "money back" for refunds
    "topics/feedback_deploys.md": "---\nname: Deploy windows\ntype: feedback\n---\n\n"
                                  "No prod deploys Fri after 14:00 CET.\n",
    "topics/project_refunds.md": "---\nname: Refund policy\ntype: project\n---\n\n"
                                 "Refunds within 30 days; after that, a credit note.\n",
    "topics/user_role.md": "---\nname: Role\ntype: user\n---\n\nBackend engineer on the billing team.\n",
}


def _embedder(*flags: str) -> str:
    return " ".join([sys.executable, str(EMBEDDERS / "concepts.py"), *flags])


def test_an_embedder_finds_what_the_words_miss(tmp_path, cli, monkeypatch):
    """`ship` and `Friday` are not the note's words (`deploys`, `Fri`): lexically nothing loads; the
    embedder (a deterministic one: words to concepts) brings the deploy window in, and only it."""
    home = _home(tmp_path, PARAPHRASED)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    lexical = cli("assemble", str(home), "--query", "Can I ship this on a weekday afternoon?")
    assert lexical.exit_code == 0 and _loaded(lexical.stdout) == []
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder())
    result = cli("assemble", str(home), "--query", "Can I ship this on a weekday afternoon?", "--explain")
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert _loaded(result.stdout) == ["topics/feedback_deploys.md § preamble"]
    row = next(line for line in result.stderr.splitlines() if line.startswith("topics/feedback_deploys.md"))
    assert " by meaning 0.89" in row and row.endswith("  loaded")  # what brought it in, and its similarity


def test_the_embedder_floor_is_the_configs_for_another_model(tmp_path, cli, monkeypatch):
    """Another model's similarities lie elsewhere: config `embedder_floor` is the similarity a
    section needs to come in by meaning (0.35, all-MiniLM-L6-v2's, unless it says). The deploy
    window, at 0.89, comes in at a floor of 0.8 and not at 0.95."""
    home = _home(tmp_path, PARAPHRASED)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder())
    loads = {}
    for floor in ("0.8", "0.95"):
        (home / ".memctl.yaml").write_text(f"embedder_floor: {floor}\n")
        result = cli("assemble", str(home), "--query", "Can I ship this on a weekday afternoon?")
        assert result.exit_code == 0 and "warning" not in result.stderr
        loads[floor] = _loaded(result.stdout)
    assert loads == {"0.8": ["topics/feedback_deploys.md § preamble"], "0.95": []}


def test_a_config_names_the_embedder_and_its_vectors_are_cached(tmp_path, cli, monkeypatch):
    count = tmp_path / "count.txt"
    home = _home(tmp_path, PARAPHRASED)
    (home / ".memctl.yaml").write_text(f"embedder: {_embedder('--count', str(count))}\n")
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    first = cli("assemble", str(home), "--query", "The customer wants their money back")
    second = cli("assemble", str(home), "--query", "A refund for a customer?")
    assert first.exit_code == second.exit_code == 0
    assert _loaded(first.stdout) == _loaded(second.stdout) == ["topics/project_refunds.md § preamble"]
    assert count.read_text().split() == ["4", "1"]  # the query and three sections; then the new query alone


@pytest.mark.parametrize(("flag", "why"), [
    ("--fail", "embedder exited 3"),
    ("--slow", "embedder ran past 1 s"),
    ("--garbage", "embedder wrote something that is not JSON lines"),
])
def test_a_failing_embedder_is_one_warning_and_the_lexical_result(tmp_path, cli, monkeypatch, flag, why):
    from memctl.commands import semantic

    monkeypatch.setattr(semantic, "TIMEOUT", 1.0)
    home = _home(tmp_path, KITCHEN)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder(flag))
    result = cli("assemble", str(home), "--query", "When does the blender get replaced?")
    assert result.exit_code == 0
    assert _loaded(result.stdout) == ["topics/kitchen-log.md § What broke"]
    assert result.stderr.count("warning: ") == 1
    assert f"warning: {why}; the query is ranked by its words alone" in result.stderr


@pytest.mark.parametrize(("command", "why"), [(" ", "the command is empty"),
                                              ("emb 'x", "No closing quotation")])
def test_an_embedder_that_names_no_command_is_one_warning(tmp_path, cli, monkeypatch, command, why):
    """An embedder of white space alone raised IndexError in a traceback (assemble) or the hook's
    one line: it is one warning, and the words' result."""
    home = _home(tmp_path, KITCHEN)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", command)
    result = cli("assemble", str(home), "--query", "When does the blender get replaced?")
    assert result.exit_code == 0 and _loaded(result.stdout) == ["topics/kitchen-log.md § What broke"]
    assert result.stderr.count("warning: ") == 1
    assert f"warning: embedder could not run ({why}); the query is ranked by its words alone" in result.stderr


def test_vectors_of_another_length_in_the_cache_are_made_again(tmp_path, cli, monkeypatch):
    """The model behind an embedder's command changed (4 numbers a vector, then 8): the sections'
    cached vectors are of another length than the query's new one. They are embedded again, once,
    rather than a warning on every later query until the cache is cleared."""
    size = tmp_path / "size.txt"
    size.write_text("4")
    script = tmp_path / "emb.py"
    script.write_text("import json, sys\nn = int(open(sys.argv[1]).read())\n"
                      "for line in sys.stdin:\n    t = json.loads(line)\n"
                      "    print(json.dumps([float(len(t) % 7 + 1)] + [1.0] * (n - 1)))\n")
    home = _home(tmp_path, KITCHEN)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", f"{sys.executable} {script} {size}")
    first = cli("assemble", str(home), "--query", "When does the blender get replaced?")
    assert first.exit_code == 0 and "warning" not in first.stderr
    size.write_text("8")
    again = cli("assemble", str(home), "--query", "Is the oven hot enough for bread?")
    assert again.exit_code == 0 and "warning" not in again.stderr, again.stderr
    third = cli("assemble", str(home), "--query", "When does the blender get replaced?", "--explain")
    assert third.exit_code == 0 and "warning" not in third.stderr


def test_a_repositorys_config_does_not_run_its_embedder(tmp_path, cli, monkeypatch):
    """A `.memctl.yaml` git tracks came with the repository: the command it names is not run."""
    import subprocess

    marker = tmp_path / "ran.txt"
    home = _home(tmp_path, PARAPHRASED)
    (home / ".memctl.yaml").write_text(f"embedder: {_embedder('--count', str(marker))}\n")
    git = ["git", "-C", str(home), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", ".memctl.yaml"], check=True)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    result = cli("assemble", str(home), "--query", "The customer wants their money back")
    assert result.exit_code == 0 and not marker.exists()
    assert ("warning: the embedder named in .memctl.yaml is not run: git tracks it (it came with the repository)"
            in result.stderr)


@pytest.mark.parametrize("how", GIT_CANNOT_TELL)
def test_a_config_git_cannot_vouch_for_does_not_run_its_embedder(tmp_path, cli, monkeypatch, how):
    """Inside a repository git refuses (another user's clone: "dubious ownership"; here a `.git`
    that points nowhere), or where git cannot be run at all (a slim image without it), git cannot
    say whether `.memctl.yaml` came with it: the command it names is not run, and the warning says
    why."""
    marker = tmp_path / "ran.txt"
    home = _home(tmp_path, PARAPHRASED)
    (home / ".memctl.yaml").write_text(f"embedder: {_embedder('--count', str(marker))}\n")
    said = git_cannot_tell(home, how, monkeypatch, tmp_path)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    result = cli("assemble", str(home), "--query", "The customer wants their money back")
    assert result.exit_code == 0 and not marker.exists()
    assert ("warning: the embedder named in .memctl.yaml is not run: git cannot tell whether it came with the "
            f"repository {said}") in result.stderr


def test_the_user_prompt_hook_uses_the_embedder_too(tmp_path):
    import json
    import subprocess

    from .conftest import ROOT

    home = _home(tmp_path, PARAPHRASED)
    result = subprocess.run([sys.executable, "-m", "memctl", "hook", "user-prompt", str(home)],
                            input=json.dumps({"prompt": "The customer wants their money back"}), capture_output=True,
                            text=True, cwd=ROOT, timeout=60,
                            env={**os.environ, "MEMCTL_TODAY": "2026-11-23", "MEMCTL_EMBEDDER": _embedder()})
    assert result.returncode == 0 and result.stderr == ""
    assert "Refunds within 30 days" in json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


def test_the_user_prompt_hook_gives_the_embedder_less_time_than_its_host_gives_the_hook(tmp_path, cli, monkeypatch):
    """The host kills a hook that runs past its timeout (10 s from `hook install`, 15 s on Volute),
    and the prompt then gets no memory at all: in the hook the embedder has HOOK_TIMEOUT, not the
    20 s `assemble` gives it, and a slow one is a warning and the words' result."""
    import json

    from memctl.commands import semantic

    monkeypatch.setattr(semantic, "HOOK_TIMEOUT", 1.0)
    assert semantic.TIMEOUT > 10  # what assemble gives it: longer than the host waits for a hook
    home = _home(tmp_path, KITCHEN)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder("--slow"))
    result = cli("hook", "user-prompt", str(home), input=json.dumps({"prompt": "When does the blender get replaced?"}))
    assert result.exit_code == 0
    assert "embedder ran past 1 s" in result.stderr
    assert "What broke" in json.loads(result.stdout)["hookSpecificOutput"]["additionalContext"]


def test_memory_search_ranks_as_assemble_does_embedder_and_dates_included(tmp_path, cli, monkeypatch):
    """The MCP server's memory_search is the same ranking: the embedder the home names, and the
    query's dates relative to the server's day (it ranked by the words alone, and as of today)."""
    from memctl.commands.mcp import Homes, search

    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder())
    for files, query in ((PARAPHRASED, "The customer wants their money back"),
                         (DAILY, "Summarise yesterday's daily note")):
        home = _home(tmp_path / str(len(query)), files)
        found = search(Homes(str(home)), {"query": query}, date(2026, 11, 23)).data
        loaded = _loaded(cli("assemble", str(home), "--query", query).stdout)
        assert loaded and [f"{s['path']} § {s['heading'] or 'preamble'}" for s in found["sections"]] == loaded


def test_reciprocal_rank_fusion():
    from memctl.commands.semantic import fuse

    a, b, c, d = ("a.md", 0), ("b.md", 0), ("c.md", 0), ("d.md", 0)
    assert fuse([a, b, c], [c, d]) == [c, a, b, d]  # in both rankings beats first in one
    assert fuse([a, b], []) == [a, b] and fuse([], [d, c]) == [d, c]


def test_meaning_joins_only_where_the_words_chose_nothing(tmp_path, cli, monkeypatch):
    """The words choose the refund policy for "refunds at the weekend"; the rota note is as like the
    query in meaning (money back, Saturday) but holds none of its words: it stays out. Sections the
    embedder alone found beside the words' choice cost more precision than they added recall on the
    relevance set (benchmarks/bench_relevance.py); what the words found too may come in (below)."""
    home = _home(tmp_path, {**PARAPHRASED, "topics/rota.md": "---\nname: Rota\ntype: project\n---\n\n"
                                                              "Money back requests wait for the Saturday rota.\n"})
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder())
    result = cli("assemble", str(home), "--query", "Refunds at the weekend", "--explain")
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert _loaded(result.stdout) == ["topics/project_refunds.md § preamble"]


WEEKEND_REFUNDS = {  # the rota holds `refund` once, far below the batch note's score; in meaning it is the answer
    "topics/billing.md": "# Billing\n\n## Weekend refund batch\n\nThe weekend refund batch: every refund queued on "
                         "the weekend ships with the Monday deploy to prod.\nA weekend refund waits for that release."
                         "\n\n## Invoices\n\nInvoices go out on the first of the month.\n\n## Tax\n\nVAT is added "
                         "at checkout.\n",
    "topics/support.md": "# Support\n\n## Saturday rota\n\nOn Saturday and Sunday one person is on the rota, and "
                         "the shift answers the chat, triages bugs,\nwrites up incidents, checks the status page, "
                         "watches the queue, replies to the forum, and handles\na refund request when one comes in."
                         "\n\n## Escalation\n\nPage the lead for an outage.\n",
}


def test_meaning_brings_in_what_the_words_found_and_a_threshold_alone_left_out(tmp_path, cli, monkeypatch):
    """"Who does refunds at the weekend?": the words find the rota (`refund`) and leave it below the
    floor of the batch note, which says `weekend refund` four times; the embedder finds the rota as
    like the question as the batch note (Saturday, Sunday, shift: the weekend), so it comes in beside
    it, its --explain row saying so. A section the words did not find stays out (the test above)."""
    home = _home(tmp_path, WEEKEND_REFUNDS)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    query = "Who does refunds at the weekend?"
    lexical = cli("assemble", str(home), "--query", query, "--explain")
    assert _loaded(lexical.stdout) == ["topics/billing.md § Weekend refund batch"]
    assert "Saturday rota" in lexical.stderr and "below the floor" in lexical.stderr
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder())
    result = cli("assemble", str(home), "--query", query, "--explain")
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert _loaded(result.stdout) == ["topics/billing.md § Weekend refund batch", "topics/support.md § Saturday rota"]
    row = next(line for line in result.stderr.splitlines() if line.startswith("topics/support.md"))
    assert "in by meaning" in row and row.endswith("  loaded")


STATION = {  # "which boat should Sindre go out on?": the people note names Sindre; the station's, the boats
    "topics/people.md": "# People\n\n## Sindre\n\nSindre joined in October. He works the Saturday shift and "
                        "got his boat licence.\n\n## Hanne\n\nHanne runs the freezers.\n",
    "topics/station.md": "# Station\n\n## Boats\n\nThe RIB: anyone with a licence, three people at most. "
                         "Havørn is Lars's boat, with Lars as skipper.\n\n## Tanks\n\nFour tanks in room B.\n",
}


def test_meaning_overrules_the_guess_of_what_a_question_is_about(tmp_path, cli, monkeypatch):
    """"Which boat should Sindre go out on?" is about Sindre by the words (its clearly rarest word),
    so § Boats, which never names him, is left out; in meaning it is the section most like the
    question (boats, a licence, a skipper), and that guess is overruled as a threshold is."""
    home = _home(tmp_path, STATION)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    query = "Which boat should Sindre go out on?"
    lexical = cli("assemble", str(home), "--query", query, "--explain")
    assert _loaded(lexical.stdout) == ["topics/people.md § Sindre"]
    assert "lacks 'sindre', the question's rarest word" in lexical.stderr
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder())
    result = cli("assemble", str(home), "--query", query, "--explain")
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert _loaded(result.stdout) == ["topics/people.md § Sindre", "topics/station.md § Boats"]
    row = next(line for line in result.stderr.splitlines() if line.startswith("topics/station.md"))
    assert "in by meaning" in row and row.endswith("  loaded")


def test_meaning_does_not_answer_what_the_words_found_the_memory_lacks(tmp_path, cli, monkeypatch):
    """"What is the wifi password for the weekend cottage?": the home holds `weekend` (a note of
    Saturday plans), never `wifi`, `password` or `cottage`, which tell more in English than the note
    holds of the question (`query_asks.lacking`); the embedder finds the note like it (the weekend),
    and it still loads nothing. Where the words found nothing at all, meaning may fill in (above)."""
    home = _home(tmp_path, {"topics/plans.md": "# Plans\n\n## Weekend\n\nSaturday: the market, then a hike "
                                               "on Sunday if it stays dry. A quiet weekend.\n"})
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder())
    result = cli("assemble", str(home), "--query", "What is the wifi password for the weekend cottage?", "--explain")
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert _loaded(result.stdout) == []
    row = next(line for line in result.stderr.splitlines() if line.startswith("topics/plans.md"))
    assert "in no file of the home" in row and "meaning" in row


def test_meaning_does_not_answer_what_the_home_lacks_when_only_its_index_holds_the_rest(tmp_path, cli, monkeypatch):
    """"Ship a Lightning node to the fleet": no topic holds a word of it, so meaning filled in (the
    deploy window, by `ship`), though the index holds `fleet` and no file says `lightning`, the rule
    that keeps such a question from loading (found by a new-user trial). A question none of whose
    words any file holds is still meaning's to answer (the paraphrase tests above)."""
    home = _home(tmp_path, {**PARAPHRASED, "MEMORY.md": "# Index\n\nThe fleet: three servers.\n\n"
                                                        "- [Deploys](topics/feedback_deploys.md)\n"})
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    monkeypatch.setenv("MEMCTL_EMBEDDER", _embedder())
    result = cli("assemble", str(home), "--query", "Ship a Lightning node to the fleet")
    assert result.exit_code == 0 and "warning" not in result.stderr
    assert _loaded(result.stdout) == []
    assert _loaded(cli("assemble", str(home), "--query", "Can I ship this on a weekday afternoon?").stdout) == [
        "topics/feedback_deploys.md § preamble"]


MENTIONS = {  # one section holds both of the query's words once; another holds one of them, often
    "topics/house.md": "# House\n\n## Heating\n\nThe boiler man comes for the annual service in March.\n\n"
                       "## Garden\n\nThe hedge is cut in June.\n\n## Roof\n\nTwo tiles loose over the shed.\n",
    "topics/journal.md": "# Journal\n\n## Week 12\n\nService desk ticket. Service desk again. The service desk "
                         "closed it. Service desk, service desk.\n\n## Week 13\n\nBled the radiators; the boiler "
                         "ticked.\n\n## Week 14\n\nThe boiler was loud at night.\n\n## Week 15\n\nCold boiler "
                         "room.\n\n## Week 16\n\nQuiet week.\n",
}


def test_a_section_holding_more_of_the_query_comes_first(tmp_path, cli, monkeypatch):
    """Coordination level first: with room for one section, "boiler service" loads the section that
    holds both words, not the one that repeats `service`, the rarer word, and scores higher on it
    alone (BM25 saturates, but not that far)."""
    home = _home(tmp_path, MENTIONS)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    result = cli("assemble", str(home), "--query", "boiler service", "--max-sections", "1", "--explain")
    assert result.exit_code == 0
    assert _loaded(result.stdout) == ["topics/house.md § Heating"]
    row = next(line for line in result.stderr.splitlines() if line.startswith("topics/journal.md  Week 12"))
    assert row.endswith("not chosen: past --max-sections 1")


def test_an_entry_written_twice_is_one_excerpt(tmp_path, cli, monkeypatch):
    """Agents append the same entry twice; the second copy would take one of the few excerpt
    slots (the hook's four) and tell the model nothing new."""
    entry = "## 2025-01-01 stripe outage\n- Webhook retries piled up.\n"
    home = _home(tmp_path, {"topics/incidents.md": "# Incidents\n\n" + entry + "\n" + entry.replace("\n-", "\n-  ")
                            + "".join(f"\n## 2025-03-0{n} {what}\n- {fix}.\n" for n, (what, fix) in enumerate((
                                ("disk full", "The log volume filled up"), ("dns", "The resolver timed out"),
                                ("cert expired", "Renewal cron was off"), ("slow deploys", "Image cache cold"),
                                ("queue stall", "A lease never expired"), ("login loop", "Cookie domain wrong")),
                                start=1))})
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    result = cli("assemble", str(home), "--query", "stripe outage webhook retries", "--explain")
    assert result.exit_code == 0
    assert _loaded(result.stdout) == ["topics/incidents.md § 2025-01-01 stripe outage"]
    assert "not chosen: the same text as topics/incidents.md, line 3, chosen already" in result.stderr


def test_explain_columns_line_up_with_wide_characters_and_redacted_headings(tmp_path, cli, monkeypatch):
    """A heading in CJK takes two columns a character, and one holding a credential is printed cut
    to four characters: the columns after them must still line up on a terminal."""
    from memctl.text import columns

    token = "ghp_" + "R7kLm2Qx9VtB4nW8sY1dH6fJ3gC5aE0uZp7K"
    files = {"topics/trips.md": "# Trips\n\n## 東京 出張 build\n- the build box in the office\n\n"
                                f"## Bot {token}\n- the build bot's token\n\n## Build cache\n- lives on scratch\n"}
    files.update({f"topics/o{i}.md": f"# O{i}\n\n## Other {i}\n- nothing here {i}\n" for i in range(8)})
    home = _home(tmp_path, files)
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    result = cli("assemble", str(home), "--query", "build", "--explain")
    rows = [line for line in result.stderr.splitlines() if line.startswith(("file ", "topics/trips.md"))]
    assert len(rows) == 4 and token[8:] not in result.stderr
    starts = {columns(row[: row.index("query" if row.startswith("topics") else "why")]) for row in rows}
    assert len(starts) == 1, rows
