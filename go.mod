module github.com/reassemble/jigsaw

go 1.26
