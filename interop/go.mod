module github.com/intel402/intel402/interop

go 1.26.8
