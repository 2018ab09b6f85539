module github.com/intel402/intel402/openapi

go 1.26.8
