"""The class deployment (``deploy/``): the JupyterHub configuration a teacher runs, loaded as
``jupyterhub -f`` loads it, in its class mode and in the load test's mode; the systemd
unit that starts it; the Zero to JupyterHub values for a cluster.

Only the configuration is checked here (cheap, no hub started): the hub itself runs in
``benchmarks/hub_load.py``, whose figures ``deploy/README.md`` quotes.
"""

from __future__ import annotations

import configparser
import importlib.metadata
import importlib.util
import ipaddress
import os
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest
import yaml
from jupyterhub.app import JupyterHub
from jupyterhub.auth import Authenticator
from jupyterhub.spawner import Spawner
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

from belote_teach.course.files import DATA_ENV
from belote_teach.course.lessons import COURSE
from belote_teach.serve.server import KERNEL_CULLING

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
NOTEBOOKS = ROOT / "notebooks"
VOILA = "/voila/render/"

#: The load test's settings (benchmarks/hub_load.py sets the same variables).
LOAD_TEST = {
    "BELOTE_HUB_AUTH": "shared-password",
    "BELOTE_HUB_SPAWNER": "simple",
    "BELOTE_HUB_SHARED_PASSWORD": "a-password-for-the-class",
    "BELOTE_HUB_ADMINS": "",
    "BELOTE_HUB_BIND_URL": "http://127.0.0.1:18000/",
}


def load(monkeypatch: pytest.MonkeyPatch, **env: str) -> Config:
    """``deploy/jupyterhub_config.py`` loaded by traitlets' file loader (as ``jupyterhub
    -f`` loads it) with exactly the ``BELOTE_HUB_*`` variables ``env``."""
    for name in [n for n in os.environ if n.startswith("BELOTE_HUB_")]:
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return PyFileConfigLoader("jupyterhub_config.py", path=str(DEPLOY)).load_config()


def landing_page(config: Config) -> Path:
    """The notebook the learner lands on: ``Spawner.default_url`` under the served folder."""
    url = config.Spawner.default_url
    assert url.startswith(VOILA), f"default_url {url!r} is not a Voilà app"
    return Path(config.Spawner.notebook_dir) / url.removeprefix(VOILA)


def test_class_mode_lands_on_the_welcome_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no variable set: learners sign up and are approved by the teacher, each has a
    systemd unit with limits, serves the repository's course and lands on lesson 00."""
    config = load(monkeypatch)
    hub = JupyterHub(config=config)
    assert hub.authenticator_class.__name__ == "NativeAuthenticator"
    assert issubclass(hub.authenticator_class, Authenticator)
    assert hub.spawner_class.__name__ == "SystemdSpawner"
    assert issubclass(hub.spawner_class, Spawner)
    assert config.NativeAuthenticator.open_signup is False
    assert config.NativeAuthenticator.allow_all is True
    assert config.Authenticator.admin_users == {"teacher"}
    assert all(Path(p).is_dir() for p in config.JupyterHub.template_paths)

    assert Path(config.Spawner.notebook_dir) == NOTEBOOKS
    page = landing_page(config)
    assert page.is_file(), f"the landing page {page} does not exist"
    assert page == NOTEBOOKS / "en" / COURSE[0].notebook("en")
    singleuser = Path(config.Spawner.cmd[0])
    assert singleuser.name == "jupyterhub-singleuser" and singleuser.is_file()

    assert config.SystemdSpawner.dynamic_users is True
    assert config.Spawner.mem_limit == "1G"
    assert config.Spawner.cpu_limit == 1.0
    assert config.Spawner.start_timeout > 60 and config.Spawner.http_timeout > 30
    assert config.JupyterHub.bind_url == "http://127.0.0.1:8000/"


def test_class_mode_culls_idle_servers_and_kernels(monkeypatch: pytest.MonkeyPatch) -> None:
    """The idle culler runs as a hub service with the scopes it needs, and each learner's
    server culls the kernels of closed lesson pages as the course server does."""
    config = load(monkeypatch, BELOTE_HUB_IDLE_TIMEOUT="1800")
    (service,) = config.JupyterHub.services
    command = service["command"]
    assert command[:3] == [sys.executable, "-m", "jupyterhub_idle_culler"]
    assert "--timeout=1800" in command
    assert importlib.util.find_spec("jupyterhub_idle_culler") is not None
    (role,) = config.JupyterHub.load_roles
    assert role["services"] == [service["name"]]
    assert {"list:users", "read:users:activity", "read:servers",
            "delete:servers"} <= set(role["scopes"])
    culling = [f"--{section}.{key}={value}"
               for section, values in KERNEL_CULLING.items() for key, value in values.items()]
    assert config.Spawner.args[:len(culling)] == culling


def test_each_learner_server_has_its_own_loopback_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The pre-spawn hook puts each learner's server on an address of its own, never the
    127.0.0.1 of the kernels, and refuses an id it has no address for."""
    config = load(monkeypatch)
    hook = config.Spawner.pre_spawn_hook
    addresses = {}
    for number in (1, 2, 255, 256, 65535, 65536, 200_000):
        spawner = SimpleNamespace(user=SimpleNamespace(id=number, name=f"u{number}"), ip="")
        hook(spawner)
        addresses[number] = spawner.ip
    assert addresses[1] == "127.1.0.1" and addresses[256] == "127.1.1.0"
    assert addresses[65536] == "127.2.0.0"
    assert len(set(addresses.values())) == len(addresses)
    assert all(ipaddress.ip_address(a).is_loopback and not a.startswith("127.0.")
               for a in addresses.values())
    with pytest.raises(ValueError, match="id 0 has no loopback address"):
        hook(SimpleNamespace(user=SimpleNamespace(id=0, name="nobody"), ip=""))


def test_class_signing_in_at_once_is_paced(monkeypatch: pytest.MonkeyPatch) -> None:
    """Servers start a few at a time (two per core), the others are told to try again
    within seconds by a page that does so itself."""
    config = load(monkeypatch)
    assert config.JupyterHub.concurrent_spawn_limit == 2 * (os.cpu_count() or 1)
    low, high = config.JupyterHub.tornado_settings["spawn_throttle_retry_range"]
    assert 0 < low < high <= 30


@pytest.mark.parametrize(("page", "base"), [("429.html", "templates/error.html"),
                                            ("spawn_pending.html",
                                             "templates/spawn_pending.html")])
def test_hub_pages(monkeypatch: pytest.MonkeyPatch, page: str, base: str) -> None:
    """The course's versions of JupyterHub's pages are found first on the hub's template
    path, parse, and extend JupyterHub's own page of the same kind."""
    config = load(monkeypatch)
    first = Path(config.JupyterHub.template_paths[0])
    assert first == DEPLOY / "templates"
    defaults = Path(JupyterHub().data_files_path) / "templates"
    environment = jinja2.Environment(loader=jinja2.ChoiceLoader([
        jinja2.FileSystemLoader([*config.JupyterHub.template_paths, str(defaults)]),
        jinja2.PrefixLoader({"templates": jinja2.FileSystemLoader(str(defaults))}, "/")]))
    template = environment.get_template(page)
    assert Path(template.filename) == first / page
    assert f'{{% extends "{base}" %}}' in (first / page).read_text(encoding="utf-8")
    environment.get_template(base)


def test_load_test_mode(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The load test's variables: shared password, simple spawner, every file of the hub
    and every learner's home in its temporary folder, the same course and landing page."""
    config = load(monkeypatch, BELOTE_HUB_STATE_DIR=str(tmp_path), **LOAD_TEST)
    hub = JupyterHub(config=config)
    assert hub.authenticator_class.__name__ == "SharedPasswordAuthenticator"
    assert hub.spawner_class.__name__ == "SimpleLocalProcessSpawner"
    assert config.SharedPasswordAuthenticator.user_password == "a-password-for-the-class"
    assert config.Authenticator.admin_users == set()
    assert config.JupyterHub.bind_url == "http://127.0.0.1:18000/"
    assert config.JupyterHub.db_url == f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"
    assert Path(config.JupyterHub.cookie_secret_file).parent == tmp_path
    homes = Path(config.SimpleLocalProcessSpawner.home_dir_template)
    assert homes.parent == tmp_path / "homes" and homes.name == "{username}"
    assert landing_page(config) == NOTEBOOKS / "en" / COURSE[0].notebook("en")


def test_french_edition(monkeypatch: pytest.MonkeyPatch) -> None:
    """``BELOTE_HUB_LANG=fr``: learners land on the French welcome page."""
    page = landing_page(load(monkeypatch, BELOTE_HUB_LANG="fr"))
    assert page == NOTEBOOKS / "fr" / COURSE[0].notebook("fr")
    assert page.is_file()


def test_extra_config_is_loaded_last(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``BELOTE_HUB_EXTRA_CONFIG`` names a file loaded after everything else."""
    extra = tmp_path / "school.py"
    extra.write_text('c.Spawner.mem_limit = "2G"\n'
                     'c.JupyterHub.authenticator_class = "generic-oauth"\n', encoding="utf-8")
    config = load(monkeypatch, BELOTE_HUB_EXTRA_CONFIG=str(extra))
    assert config.Spawner.mem_limit == "2G"
    assert config.JupyterHub.authenticator_class == "generic-oauth"


@pytest.mark.parametrize(("env", "named"), [
    ({"BELOTE_HUB_AUTH": "ldap"}, "BELOTE_HUB_AUTH='ldap': expected one of native, "
                                  "shared-password"),
    ({"BELOTE_HUB_SPAWNER": "docker"}, "BELOTE_HUB_SPAWNER='docker'"),
    ({"BELOTE_HUB_LANG": "de"}, "BELOTE_HUB_LANG='de': expected one of en, fr"),
    ({"BELOTE_HUB_CPU_LIMIT": "half"}, "BELOTE_HUB_CPU_LIMIT='half': expected a number"),
    ({"BELOTE_HUB_IDLE_TIMEOUT": "-5"}, "BELOTE_HUB_IDLE_TIMEOUT='-5': expected a whole"),
    ({"BELOTE_HUB_COURSE": "/no/such/course"}, "BELOTE_HUB_COURSE='/no/such/course'"),
    ({"BELOTE_HUB_AUTH": "shared-password", "BELOTE_HUB_SHARED_PASSWORD": "short"},
     "8 characters or more, got 5"),
    ({"BELOTE_HUB_EXTRA_CONFIG": "/no/such/file.py"}, "BELOTE_HUB_EXTRA_CONFIG"),
])
def test_bad_setting_is_refused(monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                                named: str) -> None:
    """A bad value stops the configuration with a HubSettingError naming the variable."""
    with pytest.raises(ValueError, match=re.escape(named)) as raised:
        load(monkeypatch, **env)
    assert type(raised.value).__name__ == "HubSettingError"


def test_systemd_unit_runs_this_config() -> None:
    """``deploy/jupyterhub.service`` starts the hub on this file, and systemd creates the
    state directory the configuration uses by default."""
    unit = configparser.ConfigParser(interpolation=None, strict=False)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(DEPLOY / "jupyterhub.service", encoding="utf-8")
    service = unit["Service"]
    command = service["ExecStart"].split()
    assert Path(command[0]).name == "jupyterhub"
    assert command[1:3] == ["-f", "/opt/belote-teach/deploy/jupyterhub_config.py"]
    text = (DEPLOY / "jupyterhub_config.py").read_text(encoding="utf-8")
    assert f'"/var/lib/{service["StateDirectory"]}"' in text


# ---------------------------------------------------------------------------- Kubernetes
@pytest.fixture(scope="module")
def values() -> dict:
    """``deploy/z2jh-values.yaml``, parsed."""
    data = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_z2jh_lands_on_the_welcome_app(values: dict) -> None:
    """The learners' image is repo2docker's (the repository at the server's root): the
    default URL names the course's welcome notebook, which exists."""
    url = values["singleuser"]["defaultUrl"]
    assert url.startswith(VOILA)
    page = ROOT / url.removeprefix(VOILA)
    assert page.is_file(), f"defaultUrl {url!r}: no {page}"
    assert page == NOTEBOOKS / "en" / COURSE[0].notebook("en")


def test_z2jh_image_tag_is_the_project_version(values: dict) -> None:
    """The image is named, and tagged with the version of the project it was built from."""
    image = values["singleuser"]["image"]
    assert image["name"] and image["tag"] == importlib.metadata.version("belote-teach")


def test_z2jh_culls_and_limits(values: dict) -> None:
    """Idle servers are culled, kernels of closed pages too (as the course server does),
    memory is limited and the progress lives on the learner's volume."""
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] > 0
    singleuser = values["singleuser"]
    assert singleuser["memory"]["limit"] and singleuser["memory"]["guarantee"]
    culling = singleuser["extraFiles"]["kernel-culling"]
    assert culling["mountPath"].endswith("jupyter_server_config.json")
    assert culling["data"] == KERNEL_CULLING
    assert singleuser["extraEnv"][DATA_ENV] == singleuser["storage"]["homeMountPath"]
