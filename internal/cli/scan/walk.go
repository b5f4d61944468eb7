package scan

import (
	"io/fs"
	"os"
	"path/filepath"
)

// A scanFile is one file the walk hands to the scanners, numbered in walk
// order so that findings print in that order whatever the scheduling.
type scanFile struct {
	seq  int
	path string // as given or joined from the walk; opened and displayed
	err  error  // the walk could not read the directory behind path
	// listed says the file came from a listing (git's, or a directory's),
	// not from the command line: if it is gone or is no longer a regular
	// file when it is opened, that is counted, not an error.
	listed bool
}

// walkCounts are what the walk passed over.
type walkCounts struct {
	ignored int // entries a .gitignore excludes
	special int // symbolic links, devices, sockets: never followed or read
	git     int // directories listed by git rather than walked
}

// A walker lists the files under the paths given to scan. A directory in
// a git work tree is listed by git (gitList) unless noGit; otherwise it is
// walked: directories in name order, never .git, and, unless noIgnore, not
// what .gitignore files exclude.
type walker struct {
	noIgnore bool
	noGit    bool
	emit     func(scanFile)
	seq      int
	counts   walkCounts
}

// root lists one path given on the command line. A file given by name is
// scanned whatever the .gitignore files say, as git adds a named file.
func (w *walker) root(name string) {
	fi, err := os.Stat(name)
	switch {
	case err != nil:
		w.send(name, err)
	case fi.IsDir() && !w.noGit:
		err := gitList(name, func(rel string) {
			w.emit(scanFile{seq: w.seq, path: filepath.Join(name, rel), listed: true})
			w.seq++
		})
		switch err {
		case nil:
			w.counts.git++
		case errNotGit:
			w.dir(name, "", nil)
		default:
			w.send(name, err)
		}
	case fi.IsDir():
		w.dir(name, "", nil)
	case fi.Mode().IsRegular():
		w.send(name, nil)
	default:
		w.counts.special++
	}
}

func (w *walker) send(path string, err error) {
	w.emit(scanFile{seq: w.seq, path: path, err: err})
	w.seq++
}

// dir walks the directory at path, whose slash-separated path relative to
// the root of the walk is rel, under the .gitignore files of its parents.
func (w *walker) dir(path, rel string, stack ignoreStack) {
	entries, err := os.ReadDir(path)
	if err != nil {
		w.send(path, err)
		// ReadDir returns what it read before the error: go on with it.
	}
	if !w.noIgnore {
		for _, e := range entries {
			if e.Name() == ".gitignore" && e.Type().IsRegular() {
				if data, err := os.ReadFile(filepath.Join(path, ".gitignore")); err == nil {
					stack = stack.push(rel, parseIgnore(data))
				}
				break
			}
		}
	}
	for _, e := range entries {
		name := e.Name()
		isDir := e.IsDir()
		if isDir && name == ".git" {
			continue
		}
		// The relative path is for the ignore rules and the
		// directories below: no file needs it where no rule applies.
		childRel := ""
		if isDir || !w.noIgnore && len(stack) > 0 {
			childRel = name
			if rel != "" {
				childRel = rel + "/" + name
			}
		}
		if !w.noIgnore && len(stack) > 0 && stack.ignored(childRel, isDir) {
			w.counts.ignored++
			continue
		}
		child := filepath.Join(path, name)
		switch {
		case isDir:
			w.dir(child, childRel, stack)
		case e.Type().IsRegular():
			w.emit(scanFile{seq: w.seq, path: child, listed: true})
			w.seq++
		case e.Type()&fs.ModeSymlink != 0, e.Type()&fs.ModeType != 0:
			w.counts.special++
		}
	}
}
