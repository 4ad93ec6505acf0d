"""`assemble --query` as a user meets the rules of issue 31's fourth and fifth rounds: a short
question about its rarest word loads what holds that word, however the asker put the rest, and
nothing that lacks it; files written from one template (names and numbers apart) cost one excerpt;
a log is as long as its entries that match; a section holding only the query's id is not what it
asks. Each on a small home, through the CLI, with --explain saying why."""

from __future__ import annotations

from .test_ranking import _home, _loaded

NEWSLETTER = {  # an OpenClaw-style workspace: the move away from Mailchimp told in several places
    "CHRONICLE.md": "# Chronicle\n\n"
                    "## 2026-03\n\n- Subscribers crossed 400; the Mailchimp price jump at 500 was announced.\n\n"
                    "## 2026-05\n\n- Moved the welcome sequence into Mailchimp; three emails.\n\n"
                    "## 2026-07\n\n- Printed the summer cards; the cutter jammed twice.\n\n"
                    "## 2026-09\n\n- New shelves in the studio.\n\n"
                    "## 2026-11\n\n- Newsletter migrated to Buttondown; Mailchimp closed the same day.\n",
    "WORLD_MODEL.md": "# World model\n\n## Tools\n\n- Newsletter on Buttondown (was Mailchimp until 2026-11-27).\n\n"
                      "## Places\n\n- The studio is above the bakery.\n",
    "PROJECTS.md": "# Projects\n\n## Winter prints\n\n- Six plates, A3 matte.\n\n"
                   "## Shop\n\n- Etsy and Shopify, same prices.\n",
}


def test_a_short_question_about_its_rarest_word_loads_what_holds_it(tmp_path, cli, monkeypatch):
    """"Why did we leave Mailchimp?": four sections tell of Mailchimp, none says `leave`. The missing
    word weighed three quarters of the query, so no section covered 30% of it, and nothing loaded;
    the question is about Mailchimp, its clearly rarest word, and `leave` is only how it was put."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    home = _home(tmp_path, NEWSLETTER)
    result = cli("assemble", str(home), "--query", "Why did we leave Mailchimp?", "--explain")
    assert result.exit_code == 0, result.stderr
    assert sorted(_loaded(result.stdout)) == ["CHRONICLE.md § 2026-03", "CHRONICLE.md § 2026-05",
                                              "CHRONICLE.md § 2026-11", "WORLD_MODEL.md § Tools"]
    row = next(line for line in result.stderr.splitlines() if line.startswith("WORLD_MODEL.md") and "Tools" in line)
    assert "leave: asker's word" in row and " 100% " in row and row.endswith("loaded")
    # two words the home lacks, neither clearly rarer than `mailchimp`'s company: the question is
    # about them too, and a memory without them does not answer it
    assert _loaded(cli("assemble", str(home), "--query", "Why did Mailchimp throttle our webhook?").stdout) == []


def _customer(name: str, account: int) -> str:
    return (f"---\nname: {name}\ndescription: Pix payments via Adyen; reconciliation is T+1\ntype: project\n---\n\n"
            f"{name} (account acct_{account}): Pix payments via Adyen; reconciliation is T+1.\n"
            "Account manager notes are in the CRM; this is only what the code must respect.\n")


BILLING = {  # a Claude Code auto-memory folder: customer files written from one template
    **{f"customer_{n:02d}.md": _customer(name, 7000 + n) for n, name in
       enumerate(["Köln Werke", "Žilina Steel", "Crème Labs", "Porto Tiles"], start=1)},
    "project_inc_2460.md": "---\nname: INC-2460\ndescription: Pix refunds sent twice\ntype: project\n---\n\n"
                           "A Pix refund was sent twice when the webhook retried; refunds are idempotent now.\n",
    "feedback_logging.md": "---\nname: logging\ndescription: no PII in logs\ntype: feedback\n---\n\n"
                           "Log customer ids only, never names or emails.\n",
    "feedback_sql.md": "---\nname: SQL style\ndescription: lower-case keywords\ntype: feedback\n---\n\n"
                       "Lower-case SQL keywords; one column a line.\n",
    "project_tax.md": "---\nname: tax engine\ndescription: Avalara for US, own tables elsewhere\ntype: project\n---\n\n"
                      "Avalara computes US sales tax; the EU rates are a table we keep.\n",
}


def test_files_written_from_one_template_load_once(tmp_path, cli, monkeypatch):
    """"A customer wants a refund on a Pix payment": four customer files say the same sentence with
    another name and account each, and all four loaded beside the refund incident. One of them says
    what they all say; the others are left out, and --explain says which one stands for them."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, BILLING)
    result = cli("assemble", str(home), "--query", "A customer wants a refund on a Pix payment", "--explain")
    assert result.exit_code == 0, result.stderr
    loaded = _loaded(result.stdout)
    assert "project_inc_2460.md § preamble" in loaded
    customers = [rel.split(" § ")[0] for rel in loaded if rel.startswith("customer_")]
    assert len(customers) == 1, loaded
    rows = [line for line in result.stderr.splitlines() if line.startswith("customer_") and "not chosen" in line]
    assert len(rows) == 3
    assert all(row.endswith(f"not chosen: the same template as {customers[0]}, line 6, chosen already "
                            "(only its names and numbers differ)") for row in rows), rows
    # the incident is no customer's template: a file alike in shape but not in its words loads too
    other = {**BILLING, "customer_09.md": _customer("Aalto Oy", 7009).replace(
        "Pix payments via Adyen; reconciliation is T+1.", "Pix payments via Stripe Brazil; refunds take a week; "
        "the Stripe dashboard shows them.")}
    assert "customer_09.md § preamble" in _loaded(cli("assemble", str(_home(tmp_path / "b", other)), "--query",
                                           "A customer wants a refund on a Pix payment").stdout)


LESSONS = [  # one a line, as the memoryFlush hook appends them: a log of dated entries under one heading
    "Ask one question at a time; Maya answers the first and ignores the second.",
    "Rui at Gráfica Lumen only reads email before 10:00, so send the night before.",
    "Studio Norte pays an overdue invoice after the third reminder, never before. Don't escalate early.",
    "Shopify 'unfulfilled' includes pre-orders; filter by tag before alerting.",
    "A3 matte paper runs out every November. Order in October.",
    "Never trust 'sent' in the Gmail skill; it is the draft view.",
    "When Maya says 'later' she means after 17:00, not tomorrow.",
    "Product descriptions: lead with the place, then the color, then the paper.",
    "Don't summarize a voice note back to her; act on it and confirm in one line.",
    "The P900 needs a nozzle check after 5 idle days; remind before a print day.",
    "Galeria Sal's Teresa replies to WhatsApp faster than email.",
    "Heartbeat replies must be exactly HEARTBEAT_OK or the gateway pings Maya.",
    "Etsy messages count against response-rate stats even when the buyer just says thanks.",
    "CTT queues are worst Monday mornings; schedule shipping runs Tuesday.",
    "Don't propose new projects in December. She's at capacity.",
    "Keep bootstrap small: past 8k tokens details go missing in long threads.",
    "Invoices: always attach the PDF and the IBAN in the body; some systems strip attachments.",
]
WORKSPACE = {
    "OPEN_LOOPS.md": "# Open loops\n\n- Chase Studio Norte: the October invoice is overdue by 30 days.\n"
                     "- Reprint the harbour plate.\n",
    "RELATIONSHIPS.md": "# Relationships\n\n## Studio Norte (client)\n\n- Design studio in Porto; orders prints for "
                        "their clients, pays by bank transfer.\n\n## Rui (Gráfica Lumen)\n\n- The printer.\n",
    "LESSONS.md": "# LESSONS\n\n" + "".join(f"- 2026-{5 + n // 4:02d}-{1 + n % 4 * 7:02d} — {lesson}\n"
                                            for n, lesson in enumerate(LESSONS)),
    "PROJECTS.md": "# Projects\n\n## Winter prints\n\n- Six plates, A3 matte.\n\n## Shop\n\n- Etsy and Shopify.\n\n"
                   "## Newsletter\n\n- On Buttondown since November.\n\n## Home lab\n\n- A NAS and a Pi.\n",
    "WORLD_MODEL.md": "# World model\n\n## Places\n\n- The studio is above the bakery.\n\n## Tools\n\n"
                      "- Gmail, Calendar, Dropbox.\n\n## Money\n\n- One bank account for the business.\n",
    "GOALS.md": "# Goals\n\n## Mine\n\n- Keep the loops short.\n\n## Hers\n\n- A show in spring.\n",
}


def test_a_log_of_dated_entries_is_scored_by_the_entries_that_match(tmp_path, cli, monkeypatch):
    """"Chase Studio Norte about the overdue invoice": the lessons log holds the one entry that says
    how Studio Norte pays, among fifteen others, and its length put it below the score floor. Each
    `- 2026-05-29 — …` line is an entry of its own: a log is as long, for the query, as the entries
    that hold the query's words."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    home = _home(tmp_path, WORKSPACE)
    result = cli("assemble", str(home), "--query", "Chase Studio Norte about the overdue invoice", "--explain")
    assert result.exit_code == 0, result.stderr
    assert "LESSONS.md § LESSONS" in _loaded(result.stdout)
    row = next(line for line in result.stderr.splitlines() if line.startswith("LESSONS.md"))
    assert " log: 2 of 17 entries " in row and row.endswith("loaded")
    # the same lessons as prose, one paragraph, are one text: its length counts whole, below the floor
    prose = {**WORKSPACE, "LESSONS.md": "# LESSONS\n\n" + " ".join(LESSONS) + "\n"}
    left = cli("assemble", str(_home(tmp_path / "b", prose)), "--query", "Chase Studio Norte about the overdue invoice",
               "--explain")
    assert "LESSONS.md § LESSONS" not in _loaded(left.stdout)
    row = next(line for line in left.stderr.splitlines() if line.startswith("LESSONS.md"))
    assert "not chosen: below the floor" in row


NOTES = {  # an OpenClaw-style workspace: daily notes, two of them about Vera, three about who pays what
    "memory/2026-11-02.md": "# 2026-11-02 (Mon)\n\n- Vera sent the invoice for the poster run; €240.\n",
    "memory/2026-11-08.md": "# 2026-11-08 (Sun)\n\n- Vera: transfer arrived, the poster run is settled.\n",
    "memory/2026-11-04.md": "# 2026-11-04 (Wed)\n\n- The band pays the rehearsal room by the month now.\n",
    "memory/2026-11-12.md": "# 2026-11-12 (Thu)\n\n- Lieke's school trip: the parents' fund pays half.\n",
    "memory/2026-11-20.md": "# 2026-11-20 (Fri)\n\n- Gig at Paradiso: the venue pays on the night, cash.\n",
    "memory/2026-11-06.md": "# 2026-11-06 (Fri)\n\n- New strings for the bass; the old ones were dead.\n",
    "memory/2026-11-10.md": "# 2026-11-10 (Tue)\n\n- Dentist for Lieke at 15:30.\n",
    "memory/2026-11-14.md": "# 2026-11-14 (Sat)\n\n- Set list for LantarenVenster: twelve songs.\n",
}


def test_a_short_question_is_about_its_rarest_word(tmp_path, cli, monkeypatch):
    """"Did Vera pay?": two notes tell of Vera's invoice and transfer, three others of who pays what
    (the band, the parents' fund, a venue), and all five loaded. The question is about Vera, its
    clearly rarest word: a note without her does not answer it. A task's title is not held to it."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, NOTES)
    result = cli("assemble", str(home), "--query", "Did Vera pay?", "--explain")
    assert result.exit_code == 0, result.stderr
    assert sorted(_loaded(result.stdout)) == ["memory/2026-11-02.md § 2026-11-02 (Mon)",
                                              "memory/2026-11-08.md § 2026-11-08 (Sun)"]
    rows = [line for line in result.stderr.splitlines() if line.startswith("memory/") and " pays " in line]
    assert len(rows) == 3, result.stderr
    assert all(row.endswith("not chosen: lacks 'vera', the question's rarest word, what it asks about")
               for row in rows), rows
    # not a question but a note's words: paying is as much what it is about as Vera
    task = _loaded(cli("assemble", str(home), "--query", "Vera pays").stdout)
    assert "memory/2026-11-04.md § 2026-11-04 (Wed)" in task and "memory/2026-11-08.md § 2026-11-08 (Sun)" in task


SERVERS = {  # an Arc repository's memory: how to deploy, and an incident on one machine
    "topics/deploys.md": "# Deploys\n\n- `arc deploy` from main; the previous build stays on disk.\n"
                         "- To roll back: `arc deploy --previous`, then check the health page.\n",
    "topics/incidents.md": "# Incidents\n\n## 2026-09-30 — disk full on arc-vm-2\n\n"
                           "- /var filled with old logs; rotated them and added an alert at 80%.\n\n"
                           "## 2026-10-12 — certificate expired\n\n- The renewal timer was disabled; re-enabled it.\n",
    "topics/people.md": "# People\n\n- Ana runs the servers; Joost the payments.\n",
    "topics/costs.md": "# Costs\n\n- Two VMs at Hetzner, one at OVH.\n",
}


def test_a_section_holding_only_the_querys_id_is_not_what_it_asks(tmp_path, cli, monkeypatch):
    """"Roll back the last deploy on arc-vm-2": the incident headed "disk full on arc-vm-2" holds only
    the id's parts (`arc`, `vm`), in its heading, and loaded beside the deploy notes. The id says
    which machine the task is for; the task asks how to roll back a deploy. A query of the id alone
    asks about the machine, and loads the incident."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-23")
    home = _home(tmp_path, SERVERS)
    result = cli("assemble", str(home), "--query", "Roll back the last deploy on arc-vm-2", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == ["topics/deploys.md § Deploys"]
    row = next(line for line in result.stderr.splitlines() if "disk full" in line)
    assert row.endswith("not chosen: matches only the query's id 'arc-vm-2' (what the task is for, not what it asks)")
    alone = _loaded(cli("assemble", str(home), "--query", "What happened on arc-vm-2?").stdout)
    assert "topics/incidents.md § 2026-09-30 — disk full on arc-vm-2" in alone


FLEET = {  # an Arc repository's memory: the agents' fleet, and an incident with Node in it
    "topics/fleet.md": "# Fleet coordination\n\n- Three agents share the build queue; each takes a ticket at a time.\n"
                       "- The fleet's heartbeat is every ten minutes.\n",
    "topics/incidents.md": "# Incidents\n\n## 2026-04-19 — blog build failed\n\n"
                           "- Netlify moved from Node 18 to 20; pinned the version in netlify.toml.\n",
    "topics/costs.md": "# Costs\n\n- Two VMs, one object store.\n",
}


def test_a_short_query_whose_missing_words_tell_more_than_any_section_holds_loads_nothing(tmp_path, cli, monkeypatch):
    """"Set up a Lightning node for the fleet": the memory never says Lightning, nor setting up; its
    fleet notes loaded by their heading's `fleet`. What the home lacks of the query ('lightning',
    'set': 8.1 in English, 9 less their Zipf frequency) tells more than any section holds of it
    (`node`, 4.9): nothing answers it. Without `Lightning`, the fleet notes hold more than `set`."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    home = _home(tmp_path, FLEET)
    result = cli("assemble", str(home), "--query", "Set up a Lightning node for the fleet", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout) == []
    row = next(line for line in result.stderr.splitlines() if line.startswith("topics/fleet.md"))
    assert row.endswith("not chosen: the query's words in no file of the home, 'lightning', 'set', tell more in "
                        "English (8.1, 9 - Zipf) than any section holds of it (at most 4.9: 'node')"), row
    assert "topics/fleet.md § Fleet coordination" in _loaded(
        cli("assemble", str(home), "--query", "Set up a node for the fleet").stdout)


DEPLOYS = {  # an Arc-style topic: the memory calls it a rollback, the asker rolls back
    "topics/deploys.md": "# Deploys\n\n## Release steps\n\n- Tag the release, then `arc deploy --tag`.\n\n"
                         "## Rollback\n\n- `arc deploy --rollback` restores the previous tag in two minutes.\n",
    "topics/incidents.md": "# Incidents\n\n## 2026-10-03 release tagged twice\n\n- Two tags for one release; "
                           "deleted the second.\n",
}


def test_a_phrasal_verb_finds_its_closed_compound(tmp_path, cli, monkeypatch):
    """"How do I roll back a release?": the memory writes `rollback`, never `roll`; the rule that a
    short query whose missing words tell more than any section holds loads nothing left every
    section out (`roll`, 3.9, against `release`, 3.6). A phrasal verb's particle written shut with
    it (`roll back`, `rollback`; `set up`, `setup`; `log in`, `login`) is the verb, where a section
    is scored; `--explain` shows the word found."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    home = _home(tmp_path, DEPLOYS)
    result = cli("assemble", str(home), "--query", "how do I roll back a release?", "--explain")
    assert result.exit_code == 0, result.stderr
    assert _loaded(result.stdout)[0] == "topics/deploys.md § Rollback"
    row = next(line for line in result.stderr.splitlines()
               if line.startswith("topics/deploys.md") and "Rollback" in line)
    assert " roll 1." in row and "rollback" in row and row.endswith("loaded")


def test_a_contraction_is_a_function_word(tmp_path, cli, monkeypatch):
    """"I can't log in as admin": `can't`, a word no file of the home holds and rarer in English than
    `log` or `admin`, was taken as what the question is about, and nothing loaded (nor in the
    hook); `cannot` was a stop word. A contraction of a function word (`can't`, `won't`, `didn't`,
    `they're`, `we've`) is one."""
    monkeypatch.setenv("MEMCTL_TODAY", "2026-11-30")
    home = _home(tmp_path, {
        "topics/auth.md": "# Auth\n\n## Login\n\nAdmins log in through SSO; a locked admin account is reset in "
                          "the console.\n\n## Tokens\n\nAPI tokens expire after 90 days.\n",
        "topics/shop.md": "# Shop\n\n## Checkout\n\nThe checkout page needs the payments service up; it fails "
                          "closed.\n\n## Catalog\n\nPrices sync nightly.\n",
        "topics/ops.md": "# Ops\n\n## Paging\n\nPage the on-call for an outage.\n"})
    for query, wanted in (("I can't log in as admin", "topics/auth.md § Login"),
                          ("checkout won't load", "topics/shop.md § Checkout"),
                          ("checkout doesn’t load", "topics/shop.md § Checkout")):
        result = cli("assemble", str(home), "--query", query)
        assert result.exit_code == 0 and _loaded(result.stdout) == [wanted], (query, result.stderr)
