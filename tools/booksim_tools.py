"""What the BookSim2 scripts of tools/ share: booksim-compare's matched configuration as a module,
and BookSim2 built from its source in a folder of the caller's.

BookSim2 is never a build dependency of the model: these scripts run it when they are given a
binary or its source, and exit 77 (CTest's skip) when they are given neither.
"""
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def compare_module():
    """tools/booksim-compare as a module: its booksim_config, parse_booksim, parse_d3sim."""
    loader = importlib.machinery.SourceFileLoader("booksim_compare",
                                                  os.path.join(HERE, "booksim-compare"))
    spec = importlib.util.spec_from_loader("booksim_compare", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


class BuildError(Exception):
    """BookSim2 could not be built: the reason, in one line."""


def unpack_source(source, folder):
    """BookSim2's tree from `source` into folder/booksim2: a checkout (a folder with src/) is
    copied; a git repository (a bare one, as `fetch` leaves it, or a checkout's .git) is
    exported at HEAD. Returns the tree's path."""
    tree = os.path.join(folder, "booksim2")
    if os.path.isfile(os.path.join(source, "src", "Makefile")):
        shutil.copytree(source, tree, ignore=shutil.ignore_patterns(".git", "*.o"))
        return tree
    if os.path.isfile(os.path.join(source, "HEAD")):
        os.makedirs(tree)
        archive = subprocess.run(["git", f"--git-dir={source}", "archive", "HEAD"],
                                 capture_output=True)
        if archive.returncode != 0:
            raise BuildError(f"git archive of '{source}' failed: "
                             f"{archive.stderr.decode(errors='replace').strip()}")
        subprocess.run(["tar", "-x", "-C", tree], input=archive.stdout, check=True)
        return tree
    raise BuildError(f"'{source}' is neither a BookSim2 checkout (src/Makefile) nor a git "
                     f"repository")


def build_booksim(source, folder, jobs=2):
    """Builds src/booksim from `source` inside `folder` (TOOLCHAIN.md: flex and bison, make -C src;
    about two minutes on two cores) and returns the binary's path."""
    for tool in ("make", "flex", "bison", "g++"):
        if shutil.which(tool) is None:
            raise BuildError(f"building BookSim2 needs {tool} (apt-get install flex bison make g++)")
    tree = unpack_source(source, folder)
    made = subprocess.run(["make", "-C", os.path.join(tree, "src"), f"-j{jobs}"],
                          capture_output=True, text=True)
    binary = os.path.join(tree, "src", "booksim")
    if made.returncode != 0 or not os.access(binary, os.X_OK):
        tail = (made.stderr.strip().splitlines() or ["no output"])[-1]
        raise BuildError(f"make -C {tree}/src failed: {tail}")
    return binary
