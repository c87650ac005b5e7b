"""The static edition's build (``deploy/site/build.py``), piece by piece and without the
network: the lock it writes, the kernel's patch, the stand-ins, the pages' links. The
whole build, served and used in a browser, is ``tests/browser/test_site.py``."""

from __future__ import annotations

import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("site_build", ROOT / "deploy" / "site" / "build.py")
assert _SPEC is not None and _SPEC.loader is not None
build = importlib.util.module_from_spec(_SPEC)
sys.modules["site_build"] = build
_SPEC.loader.exec_module(build)


def _wheel(folder: Path, name: str, version: str, requires: list[str],
           modules: dict[str, str]) -> Path:
    info = f"{name}-{version}.dist-info"
    metadata = "".join(f"Requires-Dist: {line}\n" for line in requires)
    files = {path: text.encode() for path, text in modules.items()}
    files[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                                 f"{metadata}").encode()
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{info}/RECORD"] = b""
    path = folder / f"{name}-{version}-py3-none-any.whl"
    build._write_wheel(path, files)
    return path


def test_a_lock_entry_keeps_the_dependencies_of_pyodides_platform(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path, "ipython", "9.19.1",
                   ["jedi>=0.18", 'pexpect>4.6; sys_platform != "emscripten"',
                    'typing_extensions>=4.6; python_version < "3.12"', "not-in-the-site"],
                   {"IPython/__init__.py": "", "IPython/core/x.py": ""})
    entry = build.lock_entry(wheel, {"jedi", "pexpect", "typing-extensions"})
    assert entry["depends"] == ["jedi"]
    assert entry["imports"] == ["IPython"]
    assert entry["name"] == "ipython" and entry["file_name"] == wheel.name


def test_the_lock_lists_every_wheel_of_its_folder(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    core = tmp_path / "core"
    core.mkdir()
    (core / "pyodide-lock.json").write_text(json.dumps({"info": {"version": "0.27.6"},
                                                        "packages": {"numpy": {}}}))
    monkeypatch.setattr(build, "PYODIDE_PACKAGE", core)
    site = tmp_path / "site"
    site.mkdir()
    _wheel(site, "comm", "0.2.3", ["traitlets>=4"], {"comm/__init__.py": ""})
    _wheel(site, "traitlets", "5.14.3", [], {"traitlets/__init__.py": ""})
    build.write_stand_in(site, "sqlite3")
    assert build.write_lock(site) == ["comm", "sqlite3", "traitlets"]
    lock = json.loads((site / "pyodide-lock.json").read_text())
    assert lock["info"] == {"version": "0.27.6"}
    assert set(lock["packages"]) == {"comm", "sqlite3", "traitlets"}   # not the core's numpy
    assert lock["packages"]["comm"]["depends"] == ["traitlets"]
    assert lock["packages"]["sqlite3"]["imports"] == []


def test_a_stand_in_is_a_valid_wheel_with_no_module(tmp_path: Path) -> None:
    path = build.write_stand_in(tmp_path, "ssl")
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        record = archive.read("ssl-0.0.0.dist-info/RECORD").decode()
    assert all(name.startswith("ssl-0.0.0.dist-info/") for name in names)
    assert "ssl-0.0.0.dist-info/METADATA,sha256=" in record


def test_the_kernel_patch_applies_once_or_stops_the_build(tmp_path: Path) -> None:
    member, old, new = build.KERNEL_PATCH
    code = f"async def run(self, code):\n    exec_code = code\n    {old}\n        pass\n"
    source = _wheel(tmp_path, "pyodide_kernel", "0.6.1", [], {member: code})
    target = tmp_path / "patched" / source.name
    target.parent.mkdir()
    build.patch_wheel(source, target, member, old, new)
    with zipfile.ZipFile(target) as archive:
        patched = archive.read(member).decode()
    assert "transformed_cell=exec_code" in patched and old not in patched
    with pytest.raises(SystemExit, match="KERNEL_PATCH"):
        build.patch_wheel(target, tmp_path / "again.whl", member, old, new)


def test_the_worker_sends_null_for_none_in_every_bundle_that_converts(tmp_path: Path
                                                                       ) -> None:
    old, new = build.WORKER_PATCH
    static = tmp_path / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    static.mkdir(parents=True)
    worker = f"class K{{mapToObject(e){{let t={{}};return e.forEach(((e,n)=>{{{old})),t}}}}"
    (static / "592.js").write_text(worker)
    (static / "620.js").write_text("var a=1;" + worker + worker)   # two worker variants
    (static / "remoteEntry.js").write_text("var b=2;")
    assert [p.name for p in build.patch_worker(tmp_path)] == ["592.js", "620.js"]
    for name in ("592.js", "620.js"):
        text = (static / name).read_text()
        assert new in text and old not in text
    assert (static / "remoteEntry.js").read_text() == "var b=2;"
    with pytest.raises(SystemExit, match="WORKER_PATCH"):         # released code changed
        build.patch_worker(tmp_path)


def test_pages_link_their_lessons_and_the_kernels_files_under_the_base(tmp_path: Path) -> None:
    page = tmp_path / "voici" / "render" / "en" / "00-welcome.html"
    page.parent.mkdir(parents=True)
    page.write_text('"baseUrl": "/", "pipliteUrls": ["./extensions/@jupyterlite/pyodide-'
                    'kernel-extension/static/pypi/all.json"] <a href="04-announcements.ipynb">'
                    '<a href="../fr/00-bienvenue.ipynb"><a href="notes.ipynb">')
    build.finish_pages(tmp_path, "/belote-teach/")
    text = page.read_text()
    assert '"baseUrl": "/belote-teach/"' in text
    assert '"/belote-teach/extensions/@jupyterlite/pyodide-kernel-extension/' in text
    assert 'href="04-announcements.html"' in text and 'href="../fr/00-bienvenue.html"' in text
    assert 'href="notes.ipynb"' in text                    # not a lesson: left as it is


def test_the_entry_pages_send_the_learner_to_the_welcome_pages(tmp_path: Path) -> None:
    build.write_entries(tmp_path, "/belote-teach/")
    assert "url=/belote-teach/voici/render/en/00-welcome.html" in (
        tmp_path / "index.html").read_text()
    assert "url=/belote-teach/voici/render/fr/00-bienvenue.html" in (
        tmp_path / "fr" / "index.html").read_text()


@pytest.mark.parametrize("base", ["belote-teach/", "/belote-teach", ""])
def test_a_base_url_without_its_slashes_is_refused(tmp_path: Path, base: str) -> None:
    with pytest.raises(SystemExit, match=f"--base-url {base!r}"):
        build.build(tmp_path / "site", base, tmp_path / "cache")
    assert not (tmp_path / "site").exists()


def test_the_kernel_loads_every_package_it_asks_for_from_the_site() -> None:
    config = build.lite_config(["belote-teach", "ipython"], "/x/")
    kernel = config["jupyter-config-data"]["litePluginSettings"][  # type: ignore[index]
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "/x/static/pyodide/pyodide.js"
    assert kernel["disablePyPIFallback"] is True
    assert set(build.KERNEL_START) <= set(kernel["loadPyodideOptions"]["packages"])


def test_the_workflow_publishes_what_make_site_builds() -> None:
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "site.yml").read_text())
    steps = workflow["jobs"]["build"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert any(run.startswith("make site SITE=_site SITE_BASE=/") for run in runs)
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "_site"
    assert "site:" in (ROOT / "Makefile").read_text()
