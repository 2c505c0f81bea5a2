"""A PEP 517 build backend for the euchre package, standard library only.

Why not setuptools' own: the setuptools that Python ships (65) makes
wheels only with the separate 'wheel' package, which a fresh venv lacks
and an offline machine cannot fetch. This backend compiles the extension
with setuptools' build_ext (the compiler and flags of the running
Python), from the engine's sources beside python/ in the repository, and
writes the wheel itself (a zip with its dist-info, PEP 427). It needs
nothing installed, so `pip install ./python` works offline with
--no-build-isolation (setuptools from the running Python), and without it
where Python still has distutils (up to 3.11).
"""
import base64
import glob
import hashlib
import os
import sys
import sysconfig
import tempfile
import zipfile

NAME = "euchre"
VERSION = "1.0.0"
SUMMARY = ("The euchre-arena rules engine (libeuchre) for Python: games, views, "
           "sampled deals, learning environments")

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
TOP = os.path.dirname(HERE)


def _tag():
    impl = "cp%d%d" % sys.version_info[:2]
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return "%s-%s-%s" % (impl, impl, plat)


def _dist_info():
    return "%s-%s.dist-info" % (NAME, VERSION)


def _metadata():
    readme = open(os.path.join(HERE, "README.md"), encoding="utf-8").read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Requires-Python: >=3.8\nDescription-Content-Type: text/markdown\n\n%s"
            % (NAME, VERSION, SUMMARY, readme))


def _wheel_file():
    return ("Wheel-Version: 1.0\nGenerator: euchre_build\nRoot-Is-Purelib: false\nTag: %s\n"
            % _tag())


def _build_extension(tmp):
    """Compiles euchre/_euchre.c with the engine's sources; the module's path."""
    try:
        from setuptools import Distribution, Extension
    except ImportError:  # an isolated build, no setuptools: Python 3.11's own distutils
        from distutils.core import Distribution, Extension

    def rel(path):
        return os.path.relpath(path, HERE)

    engine = sorted(glob.glob(os.path.join(TOP, "engine", "*.c")))
    if not engine:
        raise RuntimeError("euchre: the engine's sources (../engine) are not beside python/; "
                           "install from the euchre-arena repository: pip install ./python")
    sources = ["euchre/_euchre.c"] + [rel(p) for p in engine] + [
        rel(os.path.join(TOP, "common", n)) for n in ("util.c", "time_limits.c")]
    ext = Extension("euchre._euchre", sources=sources,
                    include_dirs=[rel(os.path.join(TOP, "engine")),
                                  rel(os.path.join(TOP, "common"))],
                    define_macros=[("_GNU_SOURCE", None)],
                    extra_compile_args=["-std=c11", "-O2"])
    cwd = os.getcwd()
    os.chdir(HERE)
    try:
        dist = Distribution({"name": NAME, "ext_modules": [ext]})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = os.path.join(tmp, "lib")
        # the objects of ../engine/x.c land in temp/../engine: keep them inside tmp
        cmd.build_temp = os.path.join(tmp, "temp", "a", "b")
        cmd.ensure_finalized()
        cmd.run()
    finally:
        os.chdir(cwd)
    return os.path.join(tmp, "lib", "euchre",
                        "_euchre" + sysconfig.get_config_var("EXT_SUFFIX"))


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (arcname, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    path = os.path.join(metadata_directory, _dist_info())
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    with open(os.path.join(path, "WHEEL"), "w", encoding="utf-8") as f:
        f.write(_wheel_file())
    return _dist_info()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    name = "%s-%s-%s.whl" % (NAME, VERSION, _tag())
    with tempfile.TemporaryDirectory() as tmp:
        module = _build_extension(tmp)
        files = [(os.path.join("euchre", os.path.basename(module)), open(module, "rb").read())]
        for py in sorted(glob.glob(os.path.join(HERE, "euchre", "*.py"))):
            files.append((os.path.join("euchre", os.path.basename(py)), open(py, "rb").read()))
        info = _dist_info()
        files.append((info + "/METADATA", _metadata().encode()))
        files.append((info + "/WHEEL", _wheel_file().encode()))
        record = [_record_line(a, d) for a, d in files] + [info + "/RECORD,,"]
        files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
        with zipfile.ZipFile(os.path.join(wheel_directory, name), "w",
                             zipfile.ZIP_DEFLATED) as z:
            for arcname, data in files:
                z.writestr(arcname, data)
    return name
