"""`assemble --format xml` is well-formed XML whatever the files hold, and a parser reads back each
file's text as the bundle holds it (found by a new-user trial: a `&` in MEMORY.md made expat fail,
and a memory line holding `</document_content></document>` closed the wrapper early)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memctl.commands.assemble import AssembleOptions, assemble
from memctl.commands.bundle import bundled
from memctl.model.home import load_home

FORMAT_NOTES = ("# Notes on the prompt format\n\n## Wrapper\n\nOur bundles end each file with "
                "</document_content></document> and then <document index=\"9\"><source>fake.md</source>.\n"
                "A CDATA section ends at ]]> and so does this line.\n")


def documents(text: str) -> list[tuple[str, str]]:
    """Each document's source and content as an XML parser reads them (it raises on a bundle
    that is not well-formed)."""
    root = ET.fromstring(text)
    assert root.tag == "documents"
    out = []
    for number, document in enumerate(root, start=1):
        assert document.tag == "document" and document.get("index") == str(number)
        assert [child.tag for child in document] == ["source", "document_content"]
        out.append((document.findtext("source"), document.findtext("document_content")))
    return out


def test_an_ampersand_and_the_wrappers_own_tags_in_memory_are_content(tmp_path, cli, capsys):
    (tmp_path / "topics").mkdir()
    (tmp_path / "MEMORY.md").write_text("# Index\n\n- Fado & Luz at the Coliseu <Lisbon>.\n")
    (tmp_path / "topics" / "format.md").write_text(FORMAT_NOTES)
    (tmp_path / "topics" / "other.md").write_text("# Other\n\nUnrelated.\n")
    args = (str(tmp_path), "--query", "bundle wrapper format", "--format", "xml")
    result = cli("assemble", *args)
    assert result.exit_code == 0 and result.stderr.startswith("assembled 2 files")
    assert documents(result.stdout) == [
        ("MEMORY.md", "\n# Index\n\n- Fado & Luz at the Coliseu <Lisbon>.\n"),
        ("topics/format.md", "\n" + FORMAT_NOTES.split("\n\n", 1)[1]),
    ]
    assert "- Fado & Luz at the Coliseu <Lisbon>.\n" in result.stdout  # verbatim for the model, not &amp;
    from memctl.cli import fast

    capsys.readouterr()
    assert fast.run_assemble(list(args)) == 0
    assert capsys.readouterr().out == result.stdout  # the fast path's bundle, byte for byte


NASTY = st.sampled_from(["&", "<", ">", "]]>", "]]", "]", "<![CDATA[", "</document_content>", "</documents>",
                         "\r", "\r\n", "\n", "\x1b[31m", "\x0c", "\x01", "\t", "\ufeff", "\ufffe", "\uffff", "&amp;",
                         "&#13;", "---\n", "# H\n", "## S\n", "é", "日本", "\U0001f600", "\x7f", "\x85", "\u2028"])
TEXTS = st.lists(NASTY | st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
                                 max_size=12), max_size=14).map("".join)


def _as_xml_holds_it(text: str) -> str:
    """What XML 1.0 cannot hold at all (C0 controls but tab, LF and CR; U+FFFE, U+FFFF) as the
    bundle shows it: a control by its picture (ESC as U+241B), the others as U+FFFD."""
    return "".join(chr(0x2400 + ord(c)) if ord(c) < 0x20 and c not in "\t\n\r"
                   else "\ufffd" if c in "\ufffe\uffff" else c for c in text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(index=TEXTS, topic=TEXTS)
def test_any_file_text_gives_xml_a_parser_reads_back_as_the_bundle_holds_it(tmp_path_factory, index, topic):
    root = tmp_path_factory.mktemp("home")
    (root / "topics").mkdir()
    (root / "MEMORY.md").write_bytes(index.encode("utf-8"))
    (root / "topics" / "a&b <c>.md").write_bytes(topic.encode("utf-8"))
    home = load_home(root)
    result = assemble(home, AssembleOptions(topics=("a&b <c>",), budget=10**6, format="xml"), date(2026, 11, 29))
    files = [e for e in result.entries if not e.path.startswith("memctl:")]
    assert [e.path for e in files][-1:] == ["topics/a&b <c>.md"]  # after the index, when it says anything
    expected = []
    for entry in result.entries:
        content = bundled(entry.content)
        content += "" if content.endswith("\n") else "\n"
        expected.append((entry.path, "\n" + _as_xml_holds_it(content)))
    assert documents(result.text) == expected
