"""`assemble --query` as a user meets two rules of its words (issue 31): a stem Snowball spells with
a final `i` still finds its words, and a short question about a word the home never uses loads
nothing. Each on a small home, through the CLI, with --explain saying why."""

from __future__ import annotations

import os
from pathlib import Path

from .test_ranking import _home, _loaded

INCIDENTS = {  # an Arc-style incidents topic: one dated entry a section
    "topics/incidents.md": "# Incidents\n\n"
                           "## 2026-04-19 blog build failed on Netlify\n\n"
                           "- Cause: the Node version pinned in the site's config was dropped upstream.\n"
                           "- Fix: pin Node 20 in `.nvmrc`; rebuild.\n\n"
                           "## 2026-05-02 queue stalled\n\n"
                           "- Cause: a runner lost its token; the build queue waited an hour.\n\n"
                           "## 2026-06-11 disk full\n\n"
                           "- Cause: old build caches; pruned weekly since.\n",
    "topics/cost.md": "# Cost\n\n## Monthly spend\n\nCompute is most of it: the nightly full rebuild.\n\n"
                      "## Retries\n\nEach retry of a flaky build costs a runner hour.\n",
}


def test_a_word_whose_stem_ends_in_i_is_found_as_written(tmp_path, cli, monkeypatch):
    """`Netlify` stems to `netlifi` and `retries` to `retri`: neither is how the memory writes the word
    (`Netlify`, `retry`), and the query found neither."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, INCIDENTS)
    result = cli("assemble", str(home), "--query", "Netlify is failing again", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["topics/incidents.md § 2026-04-19 blog build failed on Netlify"]
    row = next(line for line in result.stderr.splitlines() if "blog build failed on Netlify" in line)
    assert " netlify " in f" {row} " and row.endswith("loaded")
    retried = cli("assemble", str(home), "--query", "How many retries does a build get?")
    assert _loaded(retried.stdout) == ["topics/cost.md § Retries"]


def test_a_short_question_whose_rarest_word_the_home_lacks_loads_nothing(tmp_path, cli, monkeypatch):
    """"Resize the database disk": the home has `disk` (a full disk, pruned) and never says `resize`,
    the question's rarest word in English; a careful reader loads nothing, and --explain says why."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, INCIDENTS)
    result = cli("assemble", str(home), "--query", "Resize the database disk", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == []
    row = next(line for line in result.stderr.splitlines() if "2026-06-11 disk full" in line)
    assert row.endswith("not chosen: the query's rarest word, 'resize', is in no file of the home")
    # the same question where the home does say it, in a file the query does not rank (the index)
    (Path(os.path.realpath(tmp_path)) / "home" / "MEMORY.md").write_text(
        "# Index\n\n- [incidents](topics/incidents.md): resized the disk once, see there\n"
        "- [cost](topics/cost.md)\n")
    assert _loaded(cli("assemble", str(home), "--query", "Resize the database disk").stdout) == [
        "topics/incidents.md § 2026-06-11 disk full"]


def test_a_common_word_the_home_lacks_does_not_empty_a_question(tmp_path, cli, monkeypatch):
    """"Why did the queue stall so long": `long` is in no section, but it is a common word, not what
    the question is about; the rarest, `queue`, is there."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, INCIDENTS)
    assert _loaded(cli("assemble", str(home), "--query", "Why did the queue stall so long").stdout) == [
        "topics/incidents.md § 2026-05-02 queue stalled"]


def test_a_missing_word_about_as_rare_as_the_others_does_not_empty_a_question(tmp_path, cli, monkeypatch):
    """"Mask customer emails in the logs": the memory says "never emails", not `mask`, and `mask` is
    hardly rarer than `log`: the question is about all its words, and the logging rule is loaded."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, {**INCIDENTS, "topics/logging.md": "# Logging\n\n## No PII in logs\n\n"
                            "Log customer ids only: never emails, names or IBANs.\n"})
    assert _loaded(cli("assemble", str(home), "--query", "Mask customer emails in the logs").stdout) == [
        "topics/logging.md § No PII in logs"]


LANDLADY = {  # an OpenClaw-style workspace in English and German: a landlady's three flats
    "memory/2027-02-10.md": "# 2027-02-10 (Wed)\n\n- Betriebskosten 2026 done: Aylin's Nachzahlung is 184,20 €\n",
    "memory/2027-02-11.md": "# 2027-02-11 (Thu)\n\n- Sent Aylin the Abrechnung; Nachzahlung due by 15 March\n",
    "memory/2027-02-12.md": "# 2027-02-12 (Fri)\n\n- Der Installateur hat die Therme in Lend entlüftet\n",
    "memory/contractors.md": "# Contractors\n\n## Strobl\n\n- Installateur; hat die Therme 2025 getauscht\n\n"
                             "## Schlüsseldienst\n\n- Night call-out 190 €\n",
    "memory/tenants.md": "# Tenants\n\n## Aylin Kaya (Lend)\n\n- Pays on the 1st; nurse, night shifts\n\n"
                         "## Bogdan Ilić (Körösi)\n\n- Moved in 1 February\n",
    "memory/flats.md": "# Flats\n\n## Lend\n\n- 2 rooms, 54 m²; Kaution three months\n\n## Annen\n\n- 3 rooms\n",
}


def test_a_question_in_german_drops_germans_function_words(tmp_path, cli, monkeypatch):
    """"Wann ist Aylins Nachzahlung fällig?" weighed `wann`, `ist` and `fällig` as terms, so the notes
    about the Nachzahlung did not cover enough of the query, which loaded nothing. Two German function words make it a
    German question: German's stop words are dropped, and it loads what its English twin loads."""
    monkeypatch.setenv("MEMCTL_TODAY", "2027-02-20")
    home = _home(tmp_path, LANDLADY)
    german = cli("assemble", str(home), "--query", "Wann ist Aylins Nachzahlung fällig?")
    english = cli("assemble", str(home), "--query", "When is Aylin's Nachzahlung due?")
    assert german.exit_code == english.exit_code == 0, german.stderr
    assert _loaded(german.stdout) == [
        "memory/2027-02-11.md § 2027-02-11 (Thu)", "memory/2027-02-10.md § 2027-02-10 (Wed)",
        "memory/tenants.md § Aylin Kaya (Lend)"]
    assert _loaded(english.stdout) == _loaded(german.stdout)


WERKSTATT = {  # a German electrician's memory, in German
    "memory/kunden.md": "# Kunden\n\n## Rechnung Müller\n\nDie Rechnung an Familie Müller (Badsanierung) ist noch "
                        "offen, Zahlungsziel 14 Tage.\n\n## Angebot Schneider\n\nAngebot für die Küche geschickt.\n",
    "memory/werkstatt.md": "# Werkstatt\n\n## Transporter\n\nDer Transporter muss im Januar zum TÜV.\n\n"
                           "## Werkzeug\n\nDer große Bohrhammer ist kaputt, Ersatz bestellt.\n",
}


def test_a_question_in_german_is_stemmed_in_german(tmp_path, cli, monkeypatch):
    """"Was ist mit den Bohrhämmern? Und die Rechnungen?" found nothing: English's stemmer leaves
    `rechnungen` and `bohrhämmern` whole, and neither starts a word of the memory, which says
    `Rechnung` and `Bohrhammer`. German's finds both, and --explain names the German stems."""
    monkeypatch.setenv("MEMCTL_TODAY", "2027-02-20")
    home = _home(tmp_path, WERKSTATT)
    result = cli("assemble", str(home), "--query", "Was ist mit den Bohrhämmern? Und die Rechnungen?", "--explain")
    assert result.exit_code == 0, result.stderr
    assert sorted(_loaded(result.stdout)) == ["memory/kunden.md § Rechnung Müller", "memory/werkstatt.md § Werkzeug"]
    row = next(line for line in result.stderr.splitlines() if "Werkzeug" in line)
    assert " bohrhamm " in f" {row} " and row.endswith("loaded")


def test_the_language_of_a_query_is_told_by_two_of_its_function_words():
    from memctl.commands.relevance import language_of, words

    assert language_of(words("Was hat Strobl an der Therme gefunden?")) == "de"
    assert language_of(words("Quand est-ce que le plombier passe ?")) == "fr"
    assert language_of(words("¿Cuándo llega el técnico?")) == "es"
    assert language_of(words("was ist letzten Freitag passiert?")) == "de"
    assert language_of(words("Was hat Strobl am Freitag gesagt?")) == "de"  # a day's name is a word of its language
    assert language_of(words("når var fristen for kulturmidler-søknaden, og rakk vi den?")) == "no"
    assert language_of(words("hvad skete der i fredags med kunden?")) == "da"
    assert language_of(words("vad hände i fredags med kunden och bilen?")) == "sv"
    # English, with words other languages use as function words: `die`, `was`, `an`, `hat`, `van`
    for english in ("What was the hat size for the die cast?", "Who drives the van on Tuesdays?",
                    "Is there an EST deadline for the la gig?", "Wertsicherung?"):
        assert language_of(words(english)) is None, english


def test_only_a_question_in_another_language_reads_the_stop_word_lists(tmp_path):
    """Stopwords ISO reads every language's list on import (8 ms here): a warm `assemble --query`
    before each request must not pay it for an English question."""
    import subprocess
    import sys

    home = _home(tmp_path, LANDLADY)
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root), "MEMCTL_TODAY": "2027-02-20",
           "MEMCTL_CACHE_DIR": str(tmp_path / "cache")}

    def imported(query: str) -> bool:
        run = subprocess.run([sys.executable, "-X", "importtime", "-m", "memctl", "assemble", str(home), "--query",
                              query], capture_output=True, text=True, env=env, cwd=tmp_path)
        assert run.returncode == 0, run.stderr[-2000:]
        return " stopwordsiso" in run.stderr

    assert not imported("When is Aylin's Nachzahlung due?")
    assert imported("Wann ist Aylins Nachzahlung fällig?")


def test_a_held_word_outside_ascii_may_be_what_a_short_question_asks(tmp_path, cli, monkeypatch):
    """"Kākā fan noise" on a homelab's node list: `kākā` is outside the English table, so `noise`,
    the only word weighed, was taken for the question's rarest word, and the home never says it:
    nothing loaded, though a section is headed kākā. A word outside ASCII that a section holds is
    rarer than any the table has; an id (`S3`) still says what a task is for."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    home = _home(tmp_path, {
        "topics/nodes.md": "# Nodes\n\n## kākā\n\nOld Dell R630, the fan is loud; replace this year.\n\n"
                           "## kea\n\nDell R640, control plane.\n\n## tūī\n\nNUC, backups only.\n",
        "topics/network.md": "# Network\n\n## VLANs\n\n10 servers, 20 cameras, 30 guests.\n",
        "topics/storage.md": "# Storage\n\n## S3 bucket\n\nBackups go to the S3 bucket `lab-bk`, versioned.\n",
    })
    result = cli("assemble", str(home), "--query", "Kākā fan noise", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["topics/nodes.md § kākā"]
    trap = cli("assemble", str(home), "--query", "what's the storage quota on the S3 bucket?", "--explain")
    assert trap.exit_code == 0 and _loaded(trap.stdout) == [], trap.stderr
    assert "the query's rarest word, 'quota', is in no file of the home" in trap.stderr


TRANSIT = {  # a transit-data repository's memory: a KPI note, and notes with generic headings
    "topics/kpi.md": "# KPI\n\n## Numbers\n\nOTP February 81.4%, January 79.0%.\n\n## Computation\n\n"
                     "OTP counts departures within -1/+5 minutes.\n",
    "topics/incident.md": "# Incident\n\n## What\n\nThe feed served yesterday's trips for an hour.\n",
    "topics/cron.md": "# Cron\n\n## Legacy cron\n\nWhat still runs from cron: the GTFS fetch.\n",
    "topics/rigs.md": "# Rigs\n\n## Patio\n\nThe patio tubes flicker on dimmer 4; swap the ballast.\n",
    **{f"topics/note{n}.md": f"# Note {n}\n\nNothing about it, line {n}.\n" for n in range(6)},
}


def test_a_contraction_typed_without_its_apostrophe_is_a_function_word(tmp_path, cli, monkeypatch):
    """"whats the otp for feb" made `what` a term (Snowball stems `whats` to it): the incident headed
    `What` loaded beside the KPI numbers. Typed without the apostrophe, `whats`, `dont`, `isnt` are
    the contractions they are."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    home = _home(tmp_path, TRANSIT)
    typed = cli("assemble", str(home), "--query", "whats the otp for feb")
    meant = cli("assemble", str(home), "--query", "what's the otp for feb")
    assert typed.exit_code == meant.exit_code == 0, typed.stderr
    assert _loaded(typed.stdout) == _loaded(meant.stdout) == ["topics/kpi.md § Numbers"]


def test_a_prompts_terminal_colour_codes_are_not_words(tmp_path, cli, monkeypatch):
    """A prompt pasted from a terminal, `the patio tubes \\x1b[31mflicker\\x1b[0m again`: the code's
    digits glued to `flicker` made it `31mflicker`, an id, and the query lost its main word."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    home = _home(tmp_path, TRANSIT)
    coloured = cli("assemble", str(home), "--query", "the patio tubes \x1b[31mflicker\x1b[0m again", "--explain")
    assert coloured.exit_code == 0, coloured.stderr
    assert _loaded(coloured.stdout) == ["topics/rigs.md § Patio"]
    assert "flicker" in coloured.stderr


def test_a_name_written_with_a_digit_is_what_a_task_is_about_not_an_id(tmp_path, cli, monkeypatch):
    """"how do I convert the MA3 showfile for the Coliseu": MA3 is the lighting console, and the
    section on converting MA3 show files was left out as holding "only the query's id 'MA3' (what the
    task is for)". An id joins its parts (`BIL-977`, `arc-vm-2`, `ledger_v2`); `MA3`, `RC2` and `S3`
    are names, words of the question like any other."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-03-18")
    home = _home(tmp_path, {
        "topics/console.md": "# Console\n\n## MA3 to MA2 conversion\n\nExport from the MA3 in 1.9 format; the MA2 "
                             "reads it with grandMA2 onPC 3.9.\n\n## Backups\n\n"
                             "The showfile on a USB stick in the desk drawer.\n",
        "topics/venues.md": "# Venues\n\n## Coliseu dos Recreios (Lisboa)\n\nLoad-in from the Rua das Portas.\n\n"
                            "## Teatro Lara (Madrid)\n\nDock at the back, 2 m door.\n",
        "topics/people.md": "# People\n\n## Ana\n\nProduction manager.\n\n## Luís\n\nHead of lighting.\n",
    })
    result = cli("assemble", str(home), "--query", "how do I convert the MA3 showfile for the Coliseu", "--explain")
    assert result.exit_code == 0, result.stderr
    assert "topics/console.md § MA3 to MA2 conversion" in _loaded(result.stdout)
    assert "what the task is for" not in result.stderr


def test_a_question_in_german_finds_last_fridays_note(tmp_path, cli, monkeypatch):
    """"Was hat der Installateur letzten Freitag gemacht?": `letzten Freitag` is 2027-02-12, whose
    note says what the plumber did; before, `freitag` and `letzten` were words no note holds."""
    monkeypatch.setenv("MEMCTL_TODAY", "2027-02-17")
    home = _home(tmp_path, LANDLADY)
    result = cli("assemble", str(home), "--query", "Was hat der Installateur letzten Freitag gemacht?")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["memory/2027-02-12.md § 2027-02-12 (Fri)"]


FLORERIA = {  # a Mexican florist's OpenClaw notes, in Spanish
    "memory/precios.md": "# Precios\n\n## Ramos\n\n- Ramo chico: 350 MXN\n- Ramo mediano: 550 MXN (subió de 500)\n\n"
                         "## Envíos\n\nEnvío en la colonia: 80 MXN. Domingos sin envío.\n",
    "memory/2026-11-30.md": "# 2026-11-30 (lun)\n\n- Se descompuso el refrigerador chico; vino el técnico, cambia "
                            "el compresor el jueves.\n",
    "memory/2026-12-01.md": "# 2026-12-01 (mar)\n\n- Martínez confirmó los centros de mesa: blancos y verdes.\n",
}


def test_a_spanish_question_finds_the_accented_words_its_stemmer_folds(tmp_path, cli, monkeypatch):
    """Spanish's Snowball stemmer drops accents (`técnico` stems to `tecnic`, `Martínez` to `martinez`),
    and the memory writes them with theirs: the question's words are looked for as written too. And
    "¿cuánto cuesta el ramo mediano ahora?" is told Spanish (`cuánto`, `ahora`, `el`), so English's word
    frequencies do not empty it for `cuesta`, a word the memory never writes."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-12-02")
    home = _home(tmp_path, FLORERIA)
    result = cli("assemble", str(home), "--query", "el refrigerador, ¿cuándo viene el técnico?", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["memory/2026-11-30.md § 2026-11-30 (lun)"]
    assert " técnico " in next(line for line in result.stderr.splitlines() if "2026-11-30 (lun)" in line)
    assert "read as" not in result.stderr  # `técnico` is found, no slip
    assert _loaded(cli("assemble", str(home), "--query", "¿qué dijo Martínez de los centros de mesa?").stdout) == [
        "memory/2026-12-01.md § 2026-12-01 (mar)"]
    assert _loaded(cli("assemble", str(home), "--query", "¿cuánto cuesta el ramo mediano ahora?").stdout) == [
        "memory/precios.md § Ramos"]
