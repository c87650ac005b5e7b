"""JupyterHub for a class: the belote-teach course for many learners on one Linux server.

    sudo /opt/belote-teach/.venv/bin/jupyterhub -f /opt/belote-teach/deploy/jupyterhub_config.py

(``deploy/jupyterhub.service`` runs exactly that under systemd; ``deploy/README.md`` is the
teacher's guide.) A learner signs in and lands on the welcome page of the course, the
Voilà app ``/voila/render/en/00-welcome.ipynb`` of :mod:`belote_teach.serve.server`, from
which every lesson opens as an app. Each learner has a server of their own (a Jupyter
server running Voilà, one kernel per open lesson) and so a progress of their own: the
course keeps it in the learner's data directory (``~/.local/share/belote-teach``,
:mod:`belote_teach.course.files`), in the learner's home.

The course itself is not copied: every learner's server serves the ``notebooks`` folder of
the checkout this file sits in (``Spawner.notebook_dir``), read-only for the learners, so
updating the checkout updates the course for everyone at their next lesson.

Everything that differs between installations comes from environment variables, so that
the same file serves a class and the load test (``benchmarks/hub_load.py``):

===========================  ===========================  ==================================
variable                     default                      meaning
===========================  ===========================  ==================================
BELOTE_HUB_AUTH              ``native``                   ``native``: learners sign up, the
                                                          teacher approves them at
                                                          ``/hub/authorize``
                                                          (NativeAuthenticator);
                                                          ``shared-password``: any name with
                                                          one password (the load test, a
                                                          one-off workshop)
BELOTE_HUB_SPAWNER           ``systemd``                  ``systemd``: one systemd unit per
                                                          learner with memory and CPU limits
                                                          and a home in /var/lib/<name>
                                                          (SystemdSpawner, dynamic users);
                                                          ``simple``: a plain process of the
                                                          hub's user (the load test only)
BELOTE_HUB_ADMINS            ``teacher``                  comma-separated admin names
BELOTE_HUB_SHARED_PASSWORD   (none)                       the learners' password in
                                                          ``shared-password`` mode (8+ chars)
BELOTE_HUB_ADMIN_PASSWORD    (none)                       the admins' password in
                                                          ``shared-password`` mode (32+ chars)
BELOTE_HUB_BIND_URL          ``http://127.0.0.1:8000/``   where the hub listens (put HTTPS
                                                          in front of it)
BELOTE_HUB_STATE_DIR         ``/var/lib/belote-teach-     the hub's database and cookie
                             hub``                        secret (must exist)
BELOTE_HUB_COURSE            ``<checkout>/notebooks``     the course folder served
BELOTE_HUB_LANG              ``en``                       the welcome page's edition
                                                          (``en`` or ``fr``)
BELOTE_HUB_MEM_LIMIT         ``1G``                       memory limit per learner
BELOTE_HUB_CPU_LIMIT         ``1``                        CPU limit per learner (cores)
BELOTE_HUB_IDLE_TIMEOUT      ``3600``                     seconds without activity before a
                                                          learner's server is stopped
BELOTE_HUB_EXTRA_CONFIG      (none)                       a config file loaded last (the
                                                          school's OAuth, say)
===========================  ===========================  ==================================

A bad value stops the hub at start-up with a :class:`HubSettingError` naming the variable,
the value and what was expected. JupyterHub's own command-line options override this
file (``jupyterhub -f deploy/jupyterhub_config.py --JupyterHub.hub_bind_url=...``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from belote_teach.serve.server import KERNEL_CULLING, WELCOME, WELCOME_FR

if TYPE_CHECKING:
    from jupyterhub.spawner import Spawner

# Injected by traitlets' config loader (``jupyterhub -f``): the config object ``c``, the
# function ``load_subconfig`` and this file's ``__file__``.
c = get_config()  # type: ignore[name-defined]  # noqa: F821

#: The repository this file belongs to (``deploy/..``).
CHECKOUT = Path(__file__).resolve().parents[1]

#: The authenticators (``BELOTE_HUB_AUTH``), by their value.
AUTHENTICATORS = {
    "native": "nativeauthenticator.NativeAuthenticator",
    "shared-password": "shared-password",
}
#: The spawners (``BELOTE_HUB_SPAWNER``), by their value.
SPAWNERS = {
    "systemd": "systemdspawner.SystemdSpawner",
    "simple": "jupyterhub.spawner.SimpleLocalProcessSpawner",
}
#: The welcome page of each edition (``BELOTE_HUB_LANG``), relative to the course folder.
WELCOME_PAGES = {"en": WELCOME, "fr": WELCOME_FR}

#: Seconds a learner's server may take to start, and then to answer on its port. The
#: whole class signs in at once at the start of a lesson: with 20 learners on a 2-core
#: server, servers took over a minute to answer (the load test, benchmarks/hub_load.py);
#: JupyterHub's defaults (60 s and 30 s) turn them away.
START_TIMEOUT = 300
HTTP_TIMEOUT = 240

#: Learners whose servers may be starting at once; the others get JupyterHub's "too many
#: users" page, which tries again by itself (deploy/templates/429.html) after 5 to 15 s.
#: Servers starting all at once starve each other and the kernels of the lessons already
#: open, and every learner waits longer; two starts per core spread the load. (A page
#: opened on a starved server still works: the course's Voilà template gives its widgets
#: the time they need to arrive, deploy/README.md, "A class signing in at once".)
SPAWN_LIMIT = 2 * (os.cpu_count() or 1)
SPAWN_RETRY_SECONDS = (5, 15)

#: The name of the idle-culler service and of its role.
CULLER = "idle-culler"


class HubSettingError(ValueError):
    """A ``BELOTE_HUB_*`` environment variable whose value this configuration cannot use;
    the message names the variable, quotes the value and says what was expected."""


def setting(name: str, default: str, choices: tuple[str, ...] | None = None) -> str:
    """The value of the environment variable ``name`` (spaces stripped), ``default`` when
    it is unset or empty.

    Raises:
        HubSettingError: ``choices`` is given and the value is not one of them.
    """
    value = os.environ.get(name, "").strip() or default
    if choices is not None and value not in choices:
        raise HubSettingError(f"{name}={value!r}: expected one of {', '.join(choices)}")
    return value


def number(name: str, default: str, *, integer: bool) -> float:
    """The positive number in the environment variable ``name`` (``default`` when unset).

    Raises:
        HubSettingError: the value is not a number greater than 0 (a whole one when
            ``integer``).
    """
    text = setting(name, default)
    try:
        value = int(text) if integer else float(text)
    except ValueError:
        value = 0
    if value <= 0:
        kind = "a whole number" if integer else "a number"
        raise HubSettingError(f"{name}={text!r}: expected {kind} greater than 0")
    return value


def directory(name: str, default: Path) -> Path:
    """The existing directory named by the environment variable ``name`` (``default`` when
    unset), made absolute.

    Raises:
        HubSettingError: there is no such directory.
    """
    path = Path(setting(name, str(default))).expanduser().resolve()
    if not path.is_dir():
        raise HubSettingError(f"{name}={str(path)!r}: no such directory")
    return path


def learner_address(spawner: Spawner) -> None:
    """``Spawner.pre_spawn_hook``: the learner's server listens on a loopback address of
    its own, ``127.a.b.c`` from the learner's user id (``a`` 1 or more: never the
    ``127.0.0.1`` of the kernels).

    A server's port is drawn at random when it is asked for and bound only once the server
    is up: a minute later when the whole class signs in at once. Meanwhile every kernel
    that starts binds five random ports of ``127.0.0.1``, and one of them sometimes is the
    port drawn for a server still starting, which then never answers (the load test saw
    it). On an address of its own a server's port cannot be taken by a kernel, nor by
    another learner's server.

    Raises:
        HubSettingError: the user id is beyond the 16 million addresses of 127.1.0.0/8.
    """
    number = spawner.user.id
    if not 0 < number < 254 << 16:
        raise HubSettingError(f"user {spawner.user.name!r}: id {number} has no loopback address")
    spawner.ip = f"127.{1 + (number >> 16)}.{(number >> 8) & 255}.{number & 255}"


# ---------------------------------------------------------------------------- the hub
state = Path(setting("BELOTE_HUB_STATE_DIR", "/var/lib/belote-teach-hub")).expanduser()
c.JupyterHub.bind_url = setting("BELOTE_HUB_BIND_URL", "http://127.0.0.1:8000/")
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")
# Stopping the hub stops the learners' servers and the proxy (JupyterHub's defaults, said
# here because a class relies on it: a restart frees the memory of forgotten servers).
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True
c.JupyterHub.concurrent_spawn_limit = SPAWN_LIMIT
# not a config option of its own: the hub's settings take it
c.JupyterHub.tornado_settings = {"spawn_throttle_retry_range": SPAWN_RETRY_SECONDS}

# ---------------------------------------------------------------------------- who signs in
# The course's versions of some of JupyterHub's pages (deploy/templates), before JupyterHub's.
c.JupyterHub.template_paths = [str(CHECKOUT / "deploy" / "templates")]
admins = {name.strip() for name in setting("BELOTE_HUB_ADMINS", "teacher").split(",")
          if name.strip()}
auth = setting("BELOTE_HUB_AUTH", "native", tuple(AUTHENTICATORS))
c.JupyterHub.authenticator_class = AUTHENTICATORS[auth]
c.Authenticator.admin_users = admins
if auth == "native":
    import nativeauthenticator

    # Its pages' menu links: "Change Password" and, for admins, "Authorize Users".
    c.JupyterHub.template_paths.append(str(Path(nativeauthenticator.__file__).parent
                                            / "templates"))
    # Nobody gets in before the teacher approves them at /hub/authorize (admins excepted):
    # JupyterHub's own allow-list is therefore open (JupyterHub 5 closes it by default).
    c.NativeAuthenticator.open_signup = False
    c.NativeAuthenticator.allow_all = True
    c.NativeAuthenticator.minimum_password_length = 8
    c.NativeAuthenticator.check_common_password = True
    c.NativeAuthenticator.allowed_failed_logins = 10
    c.NativeAuthenticator.seconds_before_next_try = 300
else:
    password = setting("BELOTE_HUB_SHARED_PASSWORD", "")
    if len(password) < 8:
        raise HubSettingError("BELOTE_HUB_SHARED_PASSWORD: BELOTE_HUB_AUTH=shared-password "
                              f"needs a password of 8 characters or more, got {len(password)}")
    c.SharedPasswordAuthenticator.user_password = password
    c.SharedPasswordAuthenticator.allow_all = True
    admin_password = setting("BELOTE_HUB_ADMIN_PASSWORD", "")
    if admin_password:
        c.SharedPasswordAuthenticator.admin_password = admin_password
    else:
        # admins could not sign in without their own password
        c.Authenticator.admin_users = set()

# ---------------------------------------------------------------------------- each learner
course = directory("BELOTE_HUB_COURSE", CHECKOUT / "notebooks")
lang = setting("BELOTE_HUB_LANG", "en", tuple(WELCOME_PAGES))
spawner = setting("BELOTE_HUB_SPAWNER", "systemd", tuple(SPAWNERS))
c.JupyterHub.spawner_class = SPAWNERS[spawner]
# The single-user server of this interpreter's environment, where belote_teach and Voilà
# are installed (the hub runs from the same virtualenv).
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
c.Spawner.notebook_dir = str(course)
c.Spawner.default_url = f"/voila/render/{WELCOME_PAGES[lang]}"
# Voilà keeps a kernel per lesson page and cannot shut it down when the page closes: the
# course server's kernel culling (belote_teach.serve.server) applies here too.
c.Spawner.args = [f"--{section}.{key}={value}"
                  for section, values in KERNEL_CULLING.items() for key, value in values.items()]
c.Spawner.pre_spawn_hook = learner_address
c.Spawner.start_timeout = START_TIMEOUT
c.Spawner.http_timeout = HTTP_TIMEOUT
# Enforced by the systemd spawner (MemoryMax=, CPUQuota=): a learner whose kernels need
# more than this has them killed, not the neighbours'. A learner with one lesson open
# uses about 300 MB (server and kernel; the load test's figures in deploy/README.md),
# each further lesson open about 200 MB more: 1G holds four lessons open at once.
c.Spawner.mem_limit = setting("BELOTE_HUB_MEM_LIMIT", "1G")
c.Spawner.cpu_limit = number("BELOTE_HUB_CPU_LIMIT", "1", integer=False)
if spawner == "systemd":
    # No Unix account to create: systemd makes a user for each learner's server (and
    # removes it when the server stops); the home /var/lib/<name> stays, with the progress.
    c.SystemdSpawner.dynamic_users = True
    c.SystemdSpawner.isolate_tmp = True
    c.SystemdSpawner.isolate_devices = True
    c.SystemdSpawner.disable_user_sudo = True
    c.SystemdSpawner.readonly_paths = [str(CHECKOUT)]
else:
    # The load test: every learner a process of the hub's user, with a home of their own.
    c.SimpleLocalProcessSpawner.home_dir_template = str(state / "homes" / "{username}")
    if os.geteuid() == 0:
        # a container whose only user is root: Jupyter refuses to run as root unless told
        c.Spawner.args.append("--allow-root")

# ---------------------------------------------------------------------------- idle servers
idle = int(number("BELOTE_HUB_IDLE_TIMEOUT", "3600", integer=True))
c.JupyterHub.load_roles = [{
    "name": CULLER,
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": [CULLER],
}]
c.JupyterHub.services = [{
    "name": CULLER,
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={idle}"],
}]

# ---------------------------------------------------------------------------- local additions
extra = setting("BELOTE_HUB_EXTRA_CONFIG", "")
if extra:
    if not Path(extra).is_file():
        raise HubSettingError(f"BELOTE_HUB_EXTRA_CONFIG={extra!r}: no such file")
    load_subconfig(str(Path(extra).resolve()))  # type: ignore[name-defined]  # noqa: F821
