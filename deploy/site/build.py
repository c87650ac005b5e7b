"""Build the course's static edition: every page of the course in the browser, no server.

``make site`` runs ``python deploy/site/build.py``: it writes a folder (``_site/`` unless
``--output`` says otherwise) that any static web server can serve, and that runs the whole
course inside the learner's browser. Voici (Voilà on JupyterLite) renders the 18
notebooks of both editions into pages at build time; in the browser each page starts
Pyodide (CPython 3.12 in WebAssembly) in a web worker, which runs the page's cells and
drives its widgets.

What the build puts together, each from a pinned version (the build tools in
``pyproject.toml``'s ``site`` extra, the Pyodide core in ``package.json``, the kernel's
Python packages in ``requirements-browser.txt``):

* Pyodide's core, from the npm package ``pyodide`` (``npm ci``): ``pyodide.js``, the
  WebAssembly binary and the standard library. That package holds no wheel, so
* every wheel the kernel loads is downloaded from PyPI (pure Python, for Python 3.12), PyYAML
  is built from its sdist without its C extension, the course is built from this checkout,
  and the site's ``pyodide-lock.json`` lists exactly those: the kernel loads all of them
  when it starts, from the site, and asks nothing of any other host;
* the kernel extension's own Python parts (``pyodide_kernel``, its ``ipykernel`` shim) are
  listed there too, ``pyodide_kernel`` with one call adapted to IPython 9 (below);
* the course's Voilà template ``belote-teach`` (the page's language, no CDN link).

What the released pieces lack, and the build supplies:

* it has no ``sqlite3`` (an unvendored standard module shipped only with Pyodide's full
  distribution, which is not on the registries). IPython 8 imports ``sqlite3``
  unconditionally; IPython 9 keeps its history in memory without it, so the site uses
  IPython 9. IPython 9 requires the transformed cell as an argument of
  ``should_run_async``, which ``pyodide_kernel`` 0.6.1 does not pass: the build passes it
  (:data:`KERNEL_PATCH`), and fails if the wheel's code is not the expected one;
* the kernel's web worker drops a message's values that are ``None`` in Python, so that a
  widget's trait set back to ``None`` (a box shown again) kept its old value in the page:
  the worker's bundles send ``null`` instead (:data:`WORKER_PATCH`, :func:`patch_worker`);
* the kernel's start-up asks for the packages ``ssl`` and ``sqlite3`` by name. The lock
  gives each an empty distribution (:func:`write_stand_in`): the request is satisfied,
  ``import sqlite3`` still fails as on a Python built without it, and nothing here needs
  either (the learner's record lives in the browser's storage there, not in SQLite).

Voici writes pages for a site served at the root of its host and links some files
relative to the page; :func:`finish_pages` makes those links absolute under
``--base-url`` (``/`` by default; ``/belote-teach/`` for a project site on GitHub Pages),
and points the lessons' links to one another (``04-announcements.ipynb``) at their pages
(``04-announcements.html``).

Run from the repository's root with the project's virtual environment::

    .venv/bin/python deploy/site/build.py --output _site --base-url /

Raises :class:`SystemExit` with a message naming what is missing (the ``site`` extra, the
npm package) or what failed.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

#: The Pyodide core's files, from the npm package (``node_modules/pyodide``).
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json")

#: The Python version and platform of Pyodide 0.27.6, for which wheels are downloaded and
#: dependency markers evaluated.
PYTHON_VERSION = "3.12"
MARKER_ENVIRONMENT = {
    "sys_platform": "emscripten", "platform_system": "Emscripten",
    "platform_machine": "wasm32", "os_name": "posix", "implementation_name": "cpython",
    "platform_python_implementation": "CPython", "python_version": PYTHON_VERSION,
    "python_full_version": "3.12.7", "extra": "",
}

#: PyYAML's sdist, built into a pure-Python wheel (``PYYAML_FORCE_LIBYAML=0``).
PYYAML = "PyYAML==6.0.2"

#: The standard modules that Pyodide's npm core lacks and that the kernel's start-up asks
#: for by name: each gets an empty distribution.
STAND_INS = ("ssl", "sqlite3")

#: The kernel extension's Python wheels that the site's lock lists (from the installed
#: ``jupyterlite-pyodide-kernel``); piplite, its package manager, it loads by itself.
KERNEL_WHEELS = ("pyodide_kernel-", "ipykernel-")

#: ``pyodide_kernel``'s call adapted to IPython 9: the file, the code as released, the code
#: the site runs.
KERNEL_PATCH = (
    "pyodide_kernel/kernel.py",
    "if self.interpreter.should_run_async(code):",
    "if self.interpreter.should_run_async(\n"
    "                code, transformed_cell=exec_code, preprocessing_exc_tuple=None\n"
    "            ):",
)

#: The kernel's web worker turns Python's ``None`` into JavaScript's ``undefined``
#: (``PyProxy.toJs``), and a message's key whose value is ``undefined`` never reaches the
#: page: a widget's trait set back to ``None`` (``layout.display = None``: shown again) kept
#: its old value there. The worker sends ``null`` instead, as the JSON of a CPython kernel
#: does: the code of the worker's bundles as released, the code the site runs.
WORKER_PATCH = (
    "t[n]=e instanceof Map||e instanceof Array?this.mapToObject(e):e}",
    "t[n]=e instanceof Map||e instanceof Array?this.mapToObject(e):void 0===e?null:e}",
)

#: The packages whose names the kernel's start-up asks for: listed in ``loadPyodideOptions``
#: they are loaded from the lock at once, not installed one by one.
KERNEL_START = ("ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython")

#: The lessons' notebooks, both editions.
EDITIONS = ("en", "fr")


def fail(message: str) -> None:
    """Stop the build with ``message`` (:class:`SystemExit`, status 1)."""
    raise SystemExit(f"deploy/site/build.py: {message}")


def run(command: list[str], **kwargs: object) -> None:
    """Run ``command``; :func:`fail` with its output if it exits with an error."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    if result.returncode:
        fail(f"{' '.join(command[:4])} ... failed:\n{result.stdout}\n{result.stderr}")


def download_wheels(folder: Path) -> None:
    """Download the pinned wheels of ``requirements-browser.txt`` into ``folder`` (pure
    Python, for Pyodide's Python; files already there are kept), and build PyYAML's."""
    folder.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
         "--only-binary=:all:", "--platform", "any", "--implementation", "py",
         "--abi", "none", "--python-version", PYTHON_VERSION, "--dest", str(folder),
         "--requirement", str(HERE / "requirements-browser.txt")])
    if not list(folder.glob("pyyaml-*-py3-none-any.whl")):
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-binary",
             "pyyaml", "--wheel-dir", str(folder), PYYAML],
            env={**os.environ, "PYYAML_FORCE_LIBYAML": "0"})


def build_course_wheel(folder: Path) -> Path:
    """Build the course's own wheel from this checkout into ``folder`` (emptied first)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir",
         str(folder), str(ROOT)])
    (wheel,) = folder.glob("belote_teach-*.whl")
    return wheel


def kernel_extension() -> Path:
    """The installed Pyodide kernel extension's folder (in ``sys.prefix``)."""
    folder = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
              / "pyodide-kernel-extension")
    if not folder.is_dir():
        fail(f"{folder} is missing: install the project's 'site' extra "
             "(pip install -e '.[site]')")
    return folder


def copy_kernel_wheels(folder: Path) -> None:
    """Copy the kernel extension's ``pyodide_kernel`` and ``ipykernel`` wheels into
    ``folder``, ``pyodide_kernel`` with :data:`KERNEL_PATCH` applied."""
    for wheel in sorted((kernel_extension() / "static" / "pypi").glob("*.whl")):
        if wheel.name.startswith(KERNEL_WHEELS):
            if wheel.name.startswith("pyodide_kernel-"):
                patch_wheel(wheel, folder / wheel.name, *KERNEL_PATCH)
            else:
                shutil.copy2(wheel, folder / wheel.name)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(path: Path, files: dict[str, bytes]) -> None:
    """Write a wheel of ``files`` (name -> bytes, the dist-info's RECORD rewritten)."""
    (record,) = (name for name in files if name.endswith(".dist-info/RECORD"))
    lines = [_record_line(name, data) for name, data in files.items() if name != record]
    files = {**files, record: ("\n".join([*lines, f"{record},,"]) + "\n").encode()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)


def patch_wheel(source: Path, target: Path, member: str, old: str, new: str) -> None:
    """Copy the wheel ``source`` to ``target`` with ``old`` replaced by ``new`` in its file
    ``member``; :func:`fail` unless ``old`` occurs there exactly once."""
    with zipfile.ZipFile(source) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    text = files[member].decode()
    if text.count(old) != 1:
        fail(f"{source.name}: {member} does not hold {old!r} once; the kernel's version "
             "changed, see KERNEL_PATCH")
    files[member] = text.replace(old, new).encode()
    _write_wheel(target, files)


def write_stand_in(folder: Path, name: str) -> Path:
    """Write an empty wheel named ``name`` (a distribution with no module) into ``folder``."""
    info = f"{name}-0.0.0.dist-info"
    files = {
        f"{info}/METADATA": (f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
                             f"Summary: Empty: Pyodide's npm core has no {name} module\n").encode(),
        f"{info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: belote-teach\n"
                         b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/RECORD": b"",
    }
    path = folder / f"{name}-0.0.0-py3-none-any.whl"
    _write_wheel(path, files)
    return path


def _top_level(names: Iterable[str]) -> list[str]:
    """The importable top-level names of a wheel's files."""
    tops = set()
    for name in names:
        top, _, rest = name.partition("/")
        if top.endswith((".dist-info", ".data")):
            continue
        if not rest and top.endswith(".py"):
            tops.add(top[:-3])
        elif rest:
            tops.add(top)
    return sorted(tops)


def lock_entry(wheel: Path, known: set[str]) -> dict[str, object]:
    """The ``pyodide-lock.json`` entry of ``wheel``: its dependencies for Pyodide's
    platform among the ``known`` (canonical) names, its top-level imports, its sha256."""
    name, version, _, _ = parse_wheel_filename(wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata,) = (n for n in names if n.endswith(".dist-info/METADATA"))
        message = Parser().parsestr(archive.read(metadata).decode())
    depends = set()
    for line in message.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker and not requirement.marker.evaluate(MARKER_ENVIRONMENT):
            continue
        if canonicalize_name(requirement.name) in known:
            depends.add(canonicalize_name(requirement.name))
    return {
        "name": canonicalize_name(name), "version": str(version), "file_name": wheel.name,
        "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package", "imports": _top_level(names),
        "depends": sorted(depends), "unvendored_tests": False,
    }


def write_lock(folder: Path) -> list[str]:
    """Write ``folder``'s ``pyodide-lock.json``, listing every wheel in it (Pyodide's
    version information from the npm package's lock); return the packages' names."""
    core = json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text())
    wheels = sorted(folder.glob("*.whl"))
    known = {canonicalize_name(parse_wheel_filename(w.name)[0]) for w in wheels}
    packages = {}
    for wheel in wheels:
        entry = lock_entry(wheel, known)
        packages[str(entry["name"])] = entry
    lock = {"info": core["info"], "packages": packages}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def copy_notebooks(contents: Path) -> None:
    """Copy both editions' notebooks into ``contents``, each run by the Pyodide kernel
    (kernelspec ``python``)."""
    shutil.rmtree(contents, ignore_errors=True)
    for edition in EDITIONS:
        (contents / edition).mkdir(parents=True)
        for notebook in sorted((ROOT / "notebooks" / edition).glob("*.ipynb")):
            document = json.loads(notebook.read_text(encoding="utf-8"))
            document["metadata"]["kernelspec"] = {
                "name": "python", "display_name": "Python (Pyodide)", "language": "python"}
            (contents / edition / notebook.name).write_text(
                json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")


def lite_config(packages: list[str], base_url: str) -> dict[str, object]:
    """The site's ``jupyter-lite.json``: the Pyodide kernel loads Pyodide and every
    package of the lock from the site (``base_url``), never from PyPI."""
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": f"{base_url}static/pyodide/pyodide.js",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {
                        "packages": sorted({*packages, *KERNEL_START}),
                        "lockFileURL": f"{base_url}static/pyodide/pyodide-lock.json",
                    },
                },
            },
        },
    }


#: A lesson's link to another (``href="04-announcements.ipynb"``, ``../fr/00-bienvenue.ipynb``).
_NOTEBOOK_LINK = re.compile(r'href="((?:\.\./(?:en|fr)/)?[0-9][0-9]-[a-z0-9-]+)\.ipynb"')


def patch_worker(output: Path) -> list[Path]:
    """Apply :data:`WORKER_PATCH` to every bundle of the kernel's extension in ``output``
    that holds the worker's code (some hold it in more than one variant of the worker);
    return them. :func:`fail` when none does: the extension's version changed."""
    old, new = WORKER_PATCH
    patched = []
    static = output / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
    for bundle in sorted(static.glob("*.js")):
        text = bundle.read_text(encoding="utf-8")
        if old in text:
            bundle.write_text(text.replace(old, new), encoding="utf-8")
            patched.append(bundle)
    if not patched:
        fail(f"no bundle of {static} holds the worker's conversion; the kernel's version "
             "changed, see WORKER_PATCH")
    return patched


def finish_pages(output: Path, base_url: str) -> None:
    """Make Voici's pages work under ``base_url``: absolute links to the kernel's wheel
    index and to the site's root, lessons' links to their pages."""
    for page in (output / "voici").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        text = text.replace('"./extensions/@jupyterlite/', f'"{base_url}extensions/@jupyterlite/')
        text = text.replace('"baseUrl": "/"', f'"baseUrl": "{base_url}"')
        text = _NOTEBOOK_LINK.sub(r'href="\1.html"', text)
        page.write_text(text, encoding="utf-8")


#: The site's entry pages: the English welcome page at the root, the French one at ``fr/``.
ENTRIES = {"index.html": "en/00-welcome", "fr/index.html": "fr/00-bienvenue"}


def write_entries(output: Path, base_url: str) -> None:
    """Write the site's entry pages, each sending the browser to its welcome page."""
    for name, page in ENTRIES.items():
        target = f"{base_url}voici/render/{page}.html"
        path = output / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<title>belote-teach</title><meta http-equiv="refresh" content="0; url={target}">'
            f'</head><body><a href="{target}">belote-teach</a></body></html>\n',
            encoding="utf-8")


def build(output: Path, base_url: str, cache: Path) -> None:
    """Build the static site into ``output`` (emptied first), downloads kept in ``cache``."""
    if not base_url.startswith("/") or not base_url.endswith("/"):
        fail(f"--base-url {base_url!r}: expected a path that starts and ends with '/'")
    if not (PYODIDE_PACKAGE / "pyodide.js").is_file():
        fail(f"{PYODIDE_PACKAGE} is missing: run `npm ci` at the repository's root")
    wheels = cache / "wheels"
    download_wheels(wheels)
    work = cache / "work"
    shutil.rmtree(work, ignore_errors=True)
    pyodide = work / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_PACKAGE / name, pyodide / name)
    for wheel in wheels.glob("*.whl"):
        shutil.copy2(wheel, pyodide / wheel.name)
    shutil.copy2(build_course_wheel(cache / "course"), pyodide)
    copy_kernel_wheels(pyodide)
    for name in STAND_INS:
        write_stand_in(pyodide, name)
    packages = write_lock(pyodide)
    copy_notebooks(work / "contents")
    (work / "jupyter-lite.json").write_text(json.dumps(lite_config(packages, base_url), indent=1))
    shutil.rmtree(output, ignore_errors=True)
    run([sys.executable, "-c", "from voici_core.app import main; main()", "build",
         "--contents", "contents",
         "--output-dir", str(output.resolve()), "--apps", "voici",
         "--VoilaConfiguration.template=belote-teach", "--no-sourcemaps"], cwd=work)
    shutil.copytree(pyodide, output / "static" / "pyodide")
    patch_worker(output)
    finish_pages(output, base_url)
    write_entries(output, base_url)


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and :func:`build` the site."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "_site",
                        help="the folder to write the site into (default: _site)")
    parser.add_argument("--base-url", default="/",
                        help="the path the site is served under, with its slashes "
                             "(default: /; /belote-teach/ for a GitHub project site)")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "site",
                        help="where downloaded wheels are kept between builds")
    args = parser.parse_args(argv)
    build(args.output, args.base_url, args.cache)
    print(f"deploy/site/build.py: the course's static site is in {args.output}")


if __name__ == "__main__":
    main()
